import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type InviteStatus = 'pending' | 'accepted' | 'cancelled';

@Entity({ name: 'invite', schema: 'workspace' })
@Index('IDX_INVITE_WORKSPACE_STATUS', ['workspaceId', 'status'])
export class InviteEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  /** 256 random bits, base64url. */
  @Index('UQ_INVITE_TOKEN', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  token!: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: InviteStatus;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'accepted_by', type: 'uuid', nullable: true })
  acceptedBy!: string | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;
}
