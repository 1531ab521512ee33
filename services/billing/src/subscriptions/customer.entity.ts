import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentProviderName } from '../providers/payment-provider.js';

/** A user as a paying customer of the payment provider (one per user; every subscription they pay is billed to it). */
@Entity({ name: 'customer', schema: 'billing' })
export class CustomerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('UQ_CUSTOMER_USER', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProviderName;

  @Index('UQ_CUSTOMER_PROVIDER_ID', { unique: true })
  @Column({ name: 'provider_customer_id', type: 'varchar', length: 255 })
  providerCustomerId!: string;

  /** The card saved by a confirmed payment setup; later subscriptions of this customer are billed to it. */
  @Column({ name: 'default_payment_method', type: 'varchar', length: 255, nullable: true })
  defaultPaymentMethod!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
