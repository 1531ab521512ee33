import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message of a channel. `created_at` has millisecond precision so the `since` a client echoes back (a JS date)
 * compares exactly. The generated `search_vector` column and the GIN indexes (words and trigrams, each with
 * `user_id`) exist only in the migrations.
 */
@Entity({ name: 'message', schema: 'chat' })
@Index('IDX_MESSAGE_CHANNEL_CREATED', ['channelId', 'createdAt', 'id'])
@Index('IDX_MESSAGE_WORKSPACE_CREATED', ['workspaceId', 'createdAt', 'id'])
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

  /** Moves on every change members see; the replay cursor (see the message-depth migration). */
  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'edited_at', type: 'timestamptz', precision: 3, nullable: true })
  editedAt!: Date | null;

  /** A tombstone: no content nor attachment any more; shown only while it has thread replies. */
  @Column({ name: 'deleted_at', type: 'timestamptz', precision: 3, nullable: true })
  deletedAt!: Date | null;

  /** The root message of the thread this reply belongs to (one level deep). */
  @Column({ name: 'thread_id', type: 'uuid', nullable: true })
  threadId!: string | null;

  /** A thread reply also shown in the channel ("Also send to channel"). */
  @Column({ name: 'also_in_channel', type: 'boolean', default: false })
  alsoInChannel!: boolean;

  @Column({ name: 'reply_count', type: 'integer', default: 0 })
  replyCount!: number;

  @Column({ name: 'last_reply_at', type: 'timestamptz', precision: 3, nullable: true })
  lastReplyAt!: Date | null;

  /** Up to three of the latest distinct repliers, newest first. */
  @Column({ name: 'reply_user_ids', type: 'uuid', array: true, default: () => "'{}'" })
  replyUserIds!: string[];

  @Column({ name: 'pinned_at', type: 'timestamptz', precision: 3, nullable: true })
  pinnedAt!: Date | null;

  @Column({ name: 'pinned_by', type: 'uuid', nullable: true })
  pinnedBy!: string | null;

  @Column({ name: 'file_url', type: 'varchar', length: 2048, nullable: true })
  fileUrl!: string | null;

  @Column({ name: 'file_name', type: 'varchar', length: 255, nullable: true })
  fileName!: string | null;

  @Column({ name: 'file_size', type: 'bigint', nullable: true })
  fileSize!: string | null;

  @Column({ name: 'file_type', type: 'varchar', length: 255, nullable: true })
  fileType!: string | null;
}
