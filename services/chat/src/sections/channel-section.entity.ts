import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A named group of channels in the sidebar: the workspace's (everyone's default), or one member's own. */
@Entity({ name: 'channel_section', schema: 'chat' })
@Index('IDX_CHANNEL_SECTION_WORKSPACE', ['workspaceId', 'order', 'createdAt'])
export class ChannelSectionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  @Column({ type: 'integer', default: 0 })
  order!: number;

  /** Null: a section of the workspace. A member's id: a section of that member's own sidebar only. */
  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
