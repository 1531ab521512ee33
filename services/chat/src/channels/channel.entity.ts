import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ChannelIcon, ChannelVisibility } from '@teamchat/contracts';

export type ChannelType = 'regular' | 'direct';

/** A regular channel of a workspace, or a direct-message channel between participants (type `direct`). */
@Entity({ name: 'channel', schema: 'chat' })
@Index('IDX_CHANNEL_WORKSPACE_TYPE', ['workspaceId', 'type'])
@Index('IDX_CHANNEL_SECTION_ORDER', ['sectionId', 'order'])
export class ChannelEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  @Column({ name: 'section_id', type: 'uuid', nullable: true })
  sectionId!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'regular' })
  type!: ChannelType;

  /** The members' ids: a DM's participants, or a regular channel's members (kept with chat.channel_member). */
  @Column({ name: 'participant_ids', type: 'uuid', array: true, nullable: true })
  participantIds!: string[] | null;

  /** The sorted participant pair of a DM: one DM per pair and workspace (unique index). */
  @Column({ name: 'dm_key', type: 'varchar', length: 80, nullable: true })
  dmKey!: string | null;

  @Column({ type: 'varchar', length: 32, default: 'Hash' })
  icon!: ChannelIcon;

  @Column({ type: 'integer', default: 0 })
  order!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Public: any member of the workspace finds and reads it; private: its members only. DMs are private. */
  @Column({ type: 'varchar', length: 16, default: 'public' })
  visibility!: ChannelVisibility;

  @Column({ type: 'varchar', length: 250, nullable: true })
  topic!: string | null;

  /** Set while archived: read-only, out of the sidebar, still readable. */
  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  /** New members of the workspace join it. */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;
}
