import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How far a user has read a channel; unread counts are the others' messages after it. */
@Entity({ name: 'channel_read', schema: 'chat' })
export class ChannelReadEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'channel_id', type: 'uuid' })
  channelId!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ name: 'last_read_at', type: 'timestamptz', precision: 3 })
  lastReadAt!: Date;
}
