import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { UploadKind } from '@teamchat/contracts';

export const UPLOAD_STATUSES = ['pending', 'stored', 'rejected', 'abandoned', 'deleted'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * One handed-out upload URL and what became of it: `pending` until the bytes are checked, then `stored`, `rejected`
 * (over the limit or not the promised image type; the object was deleted), `abandoned` (never uploaded) or `deleted`
 * (what showed it was deleted, and the object with it).
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

  /** An image type, or a `file` upload's type (from its name, else as declared). */
  @Column({ name: 'content_type', type: 'varchar', length: 255 })
  contentType!: string;

  /** A `file` upload's original name; null for images. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  filename!: string | null;

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

  /** The channel a message attachment was posted in: only those who may read that channel read it (see AttachmentAudience). */
  @Column({ name: 'channel_id', type: 'uuid', nullable: true })
  channelId!: string | null;

  /** A message attachment not yet posted: only its uploader reads it (false for other kinds and older uploads). */
  @Column({ name: 'uploader_only', type: 'boolean', default: false })
  uploaderOnly!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
