import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ImageContentType, UploadKind } from '@teamchat/contracts';

export const UPLOAD_STATUSES = ['pending', 'stored', 'rejected', 'abandoned'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * One handed-out upload URL and what became of it: `pending` until the bytes are checked, then `stored`, `rejected`
 * (over the limit or not the promised image type; the object was deleted) or `abandoned` (never uploaded).
 */
@Entity({ name: 'upload', schema: 'media' })
@Index('IDX_UPLOAD_PENDING_EXPIRES', ['expiresAt'], { where: `"status" = 'pending'` })
@Index('IDX_UPLOAD_RECHECK_AT', ['recheckAt'], { where: `"recheck_at" IS NOT NULL` })
export class UploadEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('UQ_UPLOAD_KEY', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  key!: string;

  /** The owning workspace; null for an upload made before the uploader had one (signup logo). */
  @Column({ name: 'workspace_id', type: 'uuid', nullable: true })
  workspaceId!: string | null;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: UploadKind;

  @Column({ name: 'content_type', type: 'varchar', length: 40 })
  contentType!: ImageContentType;

  @Column({ name: 'max_bytes', type: 'integer' })
  maxBytes!: number;

  @Column({ type: 'integer', nullable: true })
  size!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: UploadStatus;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'stored_at', type: 'timestamptz', nullable: true })
  storedAt!: Date | null;

  /**
   * Set when the object was checked while its upload URL could still replace it (a presigned S3 PUT stays usable
   * until it expires; the local driver refuses a second PUT): the status is provisional, every read checks again, and
   * the sweeper checks once more after this time. Null once the status is final.
   */
  @Column({ name: 'recheck_at', type: 'timestamptz', nullable: true })
  recheckAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
