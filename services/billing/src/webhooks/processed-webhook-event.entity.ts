import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A Stripe event already handled: a redelivery of the same event id is acknowledged without running it again. */
@Entity({ name: 'processed_webhook_event', schema: 'billing' })
export class ProcessedWebhookEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('UQ_PROCESSED_WEBHOOK_EVENT_ID', { unique: true })
  @Column({ name: 'event_id', type: 'varchar', length: 255 })
  eventId!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
