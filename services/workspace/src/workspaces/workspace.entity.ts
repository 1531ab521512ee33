import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const DEFAULT_SEATS = 5;

@Entity({ name: 'workspace', schema: 'workspace' })
export class WorkspaceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'profile_image_url', type: 'varchar', length: 2048, nullable: true })
  profileImageUrl!: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId!: string | null;

  /** Paid seats, from billing events; every path adding a member checks it under a lock on this row. */
  @Column({ type: 'integer', default: DEFAULT_SEATS })
  seats!: number;

  /** When billing recorded the event `seats` came from: an older event, retried late, changes nothing. */
  @Column({ name: 'seats_changed_at', type: 'timestamptz', nullable: true })
  seatsChangedAt!: Date | null;

  /**
   * Members may post and invite until then; null while the subscription is in good standing. Billing decides it
   * (`billing.entitlement.changed`); a new workspace starts with the 3-day trial from its creation.
   */
  @Column({ name: 'writable_until', type: 'timestamptz', nullable: true })
  writableUntil!: Date | null;

  /** The subscription status billing last announced (Stripe's words), for operators. */
  @Column({ name: 'billing_status', type: 'varchar', length: 32, nullable: true })
  billingStatus!: string | null;

  /** When billing decided the current entitlement: an older, late event never undoes it. */
  @Column({ name: 'entitlement_changed_at', type: 'timestamptz', nullable: true })
  entitlementChangedAt!: Date | null;
}
