import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A user following a thread: they wrote in it or were mentioned in it; its replies after `lastReadAt` are unread. */
@Entity({ name: 'thread_follower', schema: 'chat' })
@Index('IDX_THREAD_FOLLOWER_USER', ['userId'])
export class ThreadFollowerEntity {
  @PrimaryColumn({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'last_read_at', type: 'timestamptz', precision: 3, nullable: true })
  lastReadAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
