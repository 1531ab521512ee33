import { BillingInit1733000000000 } from './1733000000000-billing-init.js';
import { BillingDurableEvents1740000000000 } from './1740000000000-durable-events.js';

/** Committed migrations of the billing schema, in order. */
export const billingMigrations: Function[] = [BillingInit1733000000000, BillingDurableEvents1740000000000];
