import { defineService } from '@teamchat/service-kit';
import { billingEntities } from './billing.entities.js';
import { billingMigrations } from './migrations/index.js';
import { PaymentProviderModule } from './providers/payment-provider.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { billingMembershipErrors } from './billing.errors.js';

/** The billing service: its schema, its features and its health ping (see defineService). */
export const billingService = defineService({
  name: 'billing',
  entities: billingEntities,
  migrations: billingMigrations,
  durableEvents: true,
  features: (runtime) => [
    PaymentProviderModule.register(runtime.env, runtime.databaseUrl),
    SubscriptionsModule,
    WebhooksModule,
  ],
  membership: { errors: billingMembershipErrors },
});
