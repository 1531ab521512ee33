import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentProviderName, SubscriptionStatus } from '../providers/payment-provider.js';

/**
 * A trial subscription paid by one user. It starts unattached (the signup Payment step) and attaches to the first
 * workspace its payer creates; one workspace has at most one subscription, one user at most one unattached one.
 */
@Entity({ name: 'subscription', schema: 'billing' })
@Index('UQ_SUBSCRIPTION_USER_UNATTACHED', ['userId'], { unique: true, where: '"workspace_id" IS NULL' })
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The payer. */
  @Index('IDX_SUBSCRIPTION_USER')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Index('UQ_SUBSCRIPTION_WORKSPACE', { unique: true, where: '"workspace_id" IS NOT NULL' })
  @Column({ name: 'workspace_id', type: 'uuid', nullable: true })
  workspaceId!: string | null;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProviderName;

  @Index('UQ_SUBSCRIPTION_PROVIDER_ID', { unique: true })
  @Column({ name: 'provider_subscription_id', type: 'varchar', length: 255 })
  providerSubscriptionId!: string;

  /** The subscription item whose quantity is the seat count (Stripe `si_…`). */
  @Column({ name: 'provider_item_id', type: 'varchar', length: 255, nullable: true })
  providerItemId!: string | null;

  @Index('IDX_SUBSCRIPTION_SETUP_INTENT')
  @Column({ name: 'setup_intent_id', type: 'varchar', length: 255, nullable: true })
  setupIntentId!: string | null;

  /** Kept so the signup call can hand the same secret back while the setup is pending. */
  @Column({ name: 'client_secret', type: 'varchar', length: 255, nullable: true })
  clientSecret!: string | null;

  @Column({ type: 'integer' })
  seats!: number;

  @Column({ type: 'varchar', length: 32 })
  status!: SubscriptionStatus;

  @Column({ name: 'trial_end', type: 'timestamptz', nullable: true })
  trialEnd!: Date | null;

  @Column({ name: 'payment_confirmed_at', type: 'timestamptz', nullable: true })
  paymentConfirmedAt!: Date | null;

  @Column({ name: 'trial_ending_notified_at', type: 'timestamptz', nullable: true })
  trialEndingNotifiedAt!: Date | null;

  @Column({ name: 'last_payment_error', type: 'varchar', length: 500, nullable: true })
  lastPaymentError!: string | null;

  /** `created` of the newest provider event applied, so a late, older webhook never undoes a newer state. */
  @Column({ name: 'provider_event_at', type: 'timestamptz', nullable: true })
  providerEventAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
