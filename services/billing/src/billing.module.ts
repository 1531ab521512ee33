import { Module, type DynamicModule } from '@nestjs/common';
import { BusModule, createHealthController, type ServiceDefinition, type ServiceRuntime } from '@teamchat/bus';
import { DatabaseModule } from '@teamchat/database';
import { billingEntities } from './billing.entities.js';
import { billingMigrations } from './migrations/index.js';
import { PaymentProviderModule } from './providers/payment-provider.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/** Root module of the billing service. */
@Module({})
export class BillingServiceModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: BillingServiceModule,
      imports: [
        BusModule.forRoot(runtime.bus, runtime.broker),
        DatabaseModule.forService({
          schema: 'billing',
          url: runtime.databaseUrl,
          entities: billingEntities,
          migrations: billingMigrations,
          poolSize: runtime.env.DB_POOL_SIZE,
          migrationsRun: runtime.env.MIGRATIONS_RUN,
        }),
        PaymentProviderModule.register(runtime.env, runtime.databaseUrl),
        SubscriptionsModule,
        WebhooksModule,
      ],
      controllers: [createHealthController('billing')],
    };
  }
}

export const billingService: ServiceDefinition = {
  name: 'billing',
  module: (runtime) => BillingServiceModule.register(runtime),
};
