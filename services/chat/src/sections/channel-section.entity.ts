import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A named group of channels in the sidebar. */
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
