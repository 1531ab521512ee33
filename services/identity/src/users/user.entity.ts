import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The most stars a user can hold: the `stars` column is a 32-bit integer. */
export const MAX_STARS = 2_147_483_647;

/** A person's account. Role and current workspace are per workspace and live in the workspace service. */
@Entity({ name: 'user', schema: 'identity' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Stored trimmed and lower-cased, so the unique index is case-insensitive in effect. */
  @Index('UQ_USER_EMAIL', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ name: 'company_size', type: 'varchar', length: 20, nullable: true })
  companySize!: string | null;

  @Column({ name: 'profile_image_url', type: 'varchar', length: 2048, nullable: true })
  profileImageUrl!: string | null;

  @Index('UQ_USER_USERNAME', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  username!: string;

  @Column({ type: 'varchar', length: 20, default: 'offline' })
  status!: string;

  @Column({ name: 'agent_id', type: 'varchar', length: 32, nullable: true })
  agentId!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  handle!: string | null;

  @Column({ name: 'about_me', type: 'varchar', length: 500, nullable: true })
  aboutMe!: string | null;

  @Column({ type: 'integer', default: 0 })
  stars!: number;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId!: string | null;

  @Column({ name: 'payment_completed', type: 'boolean', default: false })
  paymentCompleted!: boolean;

  @Column({ name: 'onboarding_completed', type: 'boolean', default: false })
  onboardingCompleted!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
