import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { WorkspaceRole } from '@teamchat/contracts';

/** user-workspace membership (spec 1 §3): the role is per workspace. */
@Entity({ name: 'user_workspace', schema: 'workspace' })
@Index('UQ_USER_WORKSPACE', ['workspaceId', 'userId'], { unique: true })
@Index('IDX_USER_WORKSPACE_USER', ['userId', 'joinedAt'])
export class MembershipEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  role!: WorkspaceRole;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt!: Date;
}

/** The workspace a user last chose; only honoured while they are still a member of it. */
@Entity({ name: 'current_workspace', schema: 'workspace' })
export class CurrentWorkspaceEntity {
  @Column({ name: 'user_id', type: 'uuid', primary: true })
  userId!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;
}
