import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A password reset link's token, stored as its SHA-256 only: a leaked table cannot be turned into working links.
 * Single use (`usedAt`), and dead after `expiresAt`; every token of a user dies when their password changes.
 */
@Entity({ name: 'password_reset', schema: 'identity' })
export class PasswordResetEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_PASSWORD_RESET_USER')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Index('UQ_PASSWORD_RESET_TOKEN', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
