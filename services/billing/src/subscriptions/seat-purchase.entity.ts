import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One seat purchase by an admin; its id is the provider idempotency key of the quantity change. */
@Entity({ name: 'seat_purchase', schema: 'billing' })
export class SeatPurchaseEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('IDX_SEAT_PURCHASE_SUBSCRIPTION')
  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  @Column({ name: 'workspace_id', type: 'uuid' })
  workspaceId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'additional_seats', type: 'integer' })
  additionalSeats!: number;

  @Column({ name: 'seats_before', type: 'integer' })
  seatsBefore!: number;

  @Column({ name: 'seats_after', type: 'integer' })
  seatsAfter!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
