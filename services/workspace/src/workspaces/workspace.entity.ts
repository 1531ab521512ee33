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
}
