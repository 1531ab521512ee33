// State of the offline payment provider: what Stripe would hold for us (customers, cards, subscriptions, setup intents).
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SubscriptionStatus } from '../payment-provider.js';

@Entity({ name: 'local_customer', schema: 'billing' })
export class LocalCustomerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email!: string | null;

  @Column({ type: 'jsonb', default: {} })
  metadata!: Record<string, string>;

  @Column({ name: 'default_payment_method', type: 'varchar', length: 255, nullable: true })
  defaultPaymentMethod!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A card saved by a confirmed setup: brand and last four digits only, never the number. */
@Entity({ name: 'local_payment_method', schema: 'billing' })
export class LocalPaymentMethodEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_LOCAL_PAYMENT_METHOD_CUSTOMER')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'varchar', length: 20 })
  brand!: string;

  @Column({ type: 'varchar', length: 4 })
  last4!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'local_subscription', schema: 'billing' })
export class LocalSubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_LOCAL_SUBSCRIPTION_CUSTOMER')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'varchar', length: 32 })
  status!: SubscriptionStatus;

  @Column({ name: 'trial_end', type: 'timestamptz', nullable: true })
  trialEnd!: Date | null;

  @Column({ name: 'default_payment_method', type: 'varchar', length: 255, nullable: true })
  defaultPaymentMethod!: string | null;

  @Column({ type: 'jsonb', default: {} })
  metadata!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

export type LocalSetupIntentStatus = 'requires_payment_method' | 'succeeded';

/** A pending card setup for a subscription; the card form confirms it with its client secret. */
@Entity({ name: 'local_setup_intent', schema: 'billing' })
export class LocalSetupIntentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Index('IDX_LOCAL_SETUP_INTENT_SUBSCRIPTION')
  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId!: string | null;

  @Index('UQ_LOCAL_SETUP_INTENT_CLIENT_SECRET', { unique: true })
  @Column({ name: 'client_secret', type: 'varchar', length: 255 })
  clientSecret!: string;

  @Column({ type: 'varchar', length: 32 })
  status!: LocalSetupIntentStatus;

  @Column({ name: 'payment_method', type: 'varchar', length: 255, nullable: true })
  paymentMethod!: string | null;

  /** Decline code of the last failed attempt (e.g. generic_decline), like Stripe's last_setup_error. */
  @Column({ name: 'last_error_code', type: 'varchar', length: 64, nullable: true })
  lastErrorCode!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Idempotency keys of the provider's write calls and what they answered, as Stripe keeps them. */
@Entity({ name: 'local_idempotency_key', schema: 'billing' })
export class LocalIdempotencyKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('UQ_LOCAL_IDEMPOTENCY_KEY', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'varchar', length: 64 })
  operation!: string;

  @Column({ type: 'jsonb' })
  response!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export const localPaymentEntities = [
  LocalCustomerEntity,
  LocalPaymentMethodEntity,
  LocalSubscriptionEntity,
  LocalSetupIntentEntity,
  LocalIdempotencyKeyEntity,
];
