/** Committed migrations of the billing schema, in order. */
export const billingMigrations: Function[] = [];
