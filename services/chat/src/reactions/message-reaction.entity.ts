import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One user's reaction on a message: a custom reaction's id or a standard emoji. */
@Entity({ name: 'message_reaction', schema: 'chat' })
@Index('UQ_MESSAGE_REACTION', ['messageId', 'userId', 'reactionId'], { unique: true })
export class MessageReactionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'reaction_id', type: 'varchar', length: 64 })
  reactionId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
