import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message of a channel. `created_at` has millisecond precision so the `since` a client echoes back (a JS date)
 * compares exactly. The generated `search_vector` column and the trigram index exist only in the migration.
 */
@Entity({ name: 'message', schema: 'chat' })
@Index('IDX_MESSAGE_CHANNEL_CREATED', ['channelId', 'createdAt', 'id'])
@Index('IDX_MESSAGE_WORKSPACE_CREATED', ['workspaceId', 'createdAt'])
@Index('IDX_MESSAGE_USER_CREATED', ['userId', 'createdAt'])
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Copied from the channel so search and replay stay inside one workspace without a join on every row. */
  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ name: 'channel_id', type: 'uuid' })
  channelId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 4000, nullable: true })
  content!: string | null;

  @Column({ name: 'image_url', type: 'varchar', length: 2048, nullable: true })
  imageUrl!: string | null;

  @Column({ name: 'client_msg_id', type: 'varchar', length: 100, nullable: true })
  clientMsgId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
