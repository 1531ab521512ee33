import { Inject, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Env } from '@teamchat/config';
import { dataSourceOptions } from '@teamchat/database';
import { localPaymentEntities } from './local/local-payment.entities.js';
import { LOCAL_PAYMENTS_DATA_SOURCE, LocalPaymentProvider } from './local/local.provider.js';
import { LocalPaymentsController } from './local/local-payments.controller.js';
import { PaymentConfigController } from './payment-config.controller.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider, type StripeProviderConfig } from './stripe/stripe.provider.js';

/** Stripe settings from the environment, or null when no secret key is set (the offline provider is used then). */
export const stripeConfigFromEnv = (env: Env): StripeProviderConfig | null => {
  if (!env.STRIPE_SECRET_KEY) return null;
  if (!env.STRIPE_PRICE_ID) throw new Error('STRIPE_PRICE_ID must be set when STRIPE_SECRET_KEY is set');
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    priceId: env.STRIPE_PRICE_ID,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
    // a signup makes up to three Stripe calls within one bus request, which is given BILLING_PROVIDER_TIMEOUT_MS
    timeoutMs: 8000,
  };
};

class LocalPaymentsConnection implements OnApplicationShutdown {
  constructor(@Inject(LOCAL_PAYMENTS_DATA_SOURCE) private readonly ds: DataSource | null) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.ds?.isInitialized) await this.ds.destroy();
  }
}

/**
 * The one place the payment provider is chosen: Stripe when STRIPE_SECRET_KEY is set, the offline provider otherwise.
 * Everything else in billing sees only `PaymentProvider`.
 */
@Module({})
export class PaymentProviderModule {
  static register(env: Env, databaseUrl: string): DynamicModule {
    const stripe = stripeConfigFromEnv(env);
    const providers: Provider[] = stripe
      ? [
          { provide: LOCAL_PAYMENTS_DATA_SOURCE, useValue: null },
          { provide: PAYMENT_PROVIDER, useFactory: (): PaymentProvider => new StripePaymentProvider(stripe) },
        ]
      : [
          {
            provide: LOCAL_PAYMENTS_DATA_SOURCE,
            useFactory: () =>
              new DataSource(
                dataSourceOptions({
                  schema: 'billing',
                  url: databaseUrl,
                  entities: localPaymentEntities,
                  migrations: [],
                  poolSize: 2,
                }),
              ).initialize(),
          },
          {
            provide: PAYMENT_PROVIDER,
            inject: [LOCAL_PAYMENTS_DATA_SOURCE],
            useFactory: (ds: DataSource): PaymentProvider => new LocalPaymentProvider(ds),
          },
        ];
    return {
      module: PaymentProviderModule,
      global: true,
      controllers: [PaymentConfigController, LocalPaymentsController],
      providers: [...providers, LocalPaymentsConnection],
      exports: [PAYMENT_PROVIDER],
    };
  }
}
