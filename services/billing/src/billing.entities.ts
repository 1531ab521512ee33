/** Entities of the billing schema. */
export const billingEntities: Function[] = [];
