import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, type Repository } from 'typeorm';
import { DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  NOT_AN_IMAGE_MESSAGES,
  normalizeImageType,
  OBJECT_KEY_PATTERN,
  objectKeyFromUrl,
  objectPathFor,
  objectPrefixFor,
  sniffImageType,
  SNIFF_BYTES,
  TOO_LARGE_MESSAGES,
  UPLOAD_LIMITS,
  UPLOAD_SIGNATURE_MESSAGE,
  UPLOAD_URL_TTL_SECONDS,
  type Actor,
  type SignedUploadQuery,
  type StoredObject,
  type UploadKind,
  type UploadTicket,
} from '@teamchat/contracts';
import { ObjectStorage } from '../storage/object-storage.js';
import { AttachmentAudience } from './attachment-audience.js';
import { storedFileFits, uploadTerms } from './file-uploads.js';
import { UploadEntity } from './upload.entity.js';

/** How long past its URL's expiry an upload may still be in flight before the sweeper gives up on it. */
export const SWEEP_GRACE_MS = 15 * 60 * 1000;
const SWEEP_BATCH = 100;
/**
 * How long after its URL's expiry an upload checked before then is still checked again: covers a PUT that started just
 * before the expiry and the store's clock running behind ours.
 */
export const RECHECK_SLACK_MS = 2 * 60 * 1000;
/** Declared types that say nothing (a PUT without a type); the first bytes decide then. */
const GENERIC_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);

const notFound = () => new DomainError(ErrorCodes.objectNotFound, 'Not found');

/** Message images and files: what a message shows, read by those who may read its channel. */
const isAttachment = (kind: UploadKind) => objectPrefixFor(kind) === 'attachments';

export const toStoredObject = (u: UploadEntity): StoredObject => ({
  key: u.key,
  kind: u.kind,
  contentType: u.contentType,
  size: u.size ?? 0,
  objectPath: objectPathFor(u.kind, u.key),
  ...(u.filename !== null && u.filename !== undefined ? { name: u.filename } : {}),
});

@Injectable()
export class UploadService {
  private readonly logger = new Logger(UploadService.name);

  constructor(
    @InjectRepository(UploadEntity) private readonly uploads: Repository<UploadEntity>,
    private readonly storage: ObjectStorage,
    private readonly membership: WorkspaceMembership,
    private readonly audience: AttachmentAudience,
  ) {}

  /**
   * Hands out a 5-minute URL for one new random key under the actor's workspace. Profile images and logos may be
   * uploaded before the actor has a workspace (signup); their key is then under the actor.
   */
  async create(
    actor: Actor,
    input: { kind: UploadKind; filename: string; contentType?: string; size?: number },
  ): Promise<UploadTicket> {
    const type = uploadTerms(input);
    const workspaceId = actor.workspaceId;
    if (workspaceId) {
      if (!(await this.membership.isMember(workspaceId, actor.userId)))
        throw new DomainError(ErrorCodes.memberNotFound, 'Not a member of this workspace');
    } else if (input.kind !== 'profile' && input.kind !== 'logo') {
      throw new DomainError(ErrorCodes.noWorkspace, 'No active workspace');
    }
    const key = `${workspaceId ? 'w' : 'u'}/${workspaceId ?? actor.userId}/${randomUUID()}.${type.extension}`;
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
    const maxBytes = UPLOAD_LIMITS[input.kind];
    const objectPath = objectPathFor(input.kind, key);
    await this.uploads.insert({
      key,
      workspaceId,
      ownerId: actor.userId,
      kind: input.kind,
      contentType: type.contentType,
      filename: type.filename,
      maxBytes,
      uploaderOnly: isAttachment(input.kind),
      status: 'pending',
      expiresAt: new Date(expires * 1000),
    });
    const uploadUrl = await this.storage.uploadUrl({
      kind: input.kind,
      key,
      objectPath,
      maxBytes,
      contentType: type.contentType,
      expires,
    });
    return {
      uploadUrl,
      objectPath,
      key,
      maxBytes,
      contentType: type.contentType,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The gateway stored a local upload's bytes: check them (a bad object is deleted and the failure answered). */
  async complete(signed: SignedUploadQuery & { key: string }): Promise<StoredObject> {
    const fields = {
      kind: signed.kind,
      key: signed.key,
      maxBytes: signed.max,
      contentType: signed.type,
      expires: signed.expires,
    };
    if (!this.storage.isSignedUpload(fields, signed.sig))
      throw new DomainError(ErrorCodes.uploadSignature, UPLOAD_SIGNATURE_MESSAGE);
    const upload = await this.uploads.findOneBy({ key: signed.key });
    if (!upload || upload.kind !== signed.kind || upload.maxBytes !== signed.max || upload.contentType !== signed.type)
      throw notFound();
    return toStoredObject(await this.settle(upload));
  }

  /** An object the actor may read (members of the owning workspace only), checked first if it is still pending. */
  async get(actor: Actor, key: string): Promise<StoredObject & { readUrl: string | null }> {
    const upload = await this.readable(actor, key);
    try {
      const settled = await this.settle(upload);
      return { ...toStoredObject(settled), readUrl: await this.storage.readUrl(settled.key) };
    } catch (err) {
      // a rejected or missing upload simply does not exist for readers
      if (err instanceof DomainError && err.code !== ErrorCodes.busUnavailable) throw notFound();
      throw err;
    }
  }

  /**
   * For a service about to store an image address: the upload must be stored and valid; failures are reported. With
   * `channelId` (a message about to be posted there), a message attachment is bound to that channel: only its uploader
   * may post it, in one channel only (a retry there is fine); anyone else's, or one posted elsewhere, is not found.
   */
  async verify(actor: Actor, url: string, channelId?: string): Promise<StoredObject> {
    const key = objectKeyFromUrl(url);
    if (!key) throw new DomainError(ErrorCodes.uploadInvalid, 'Not an uploaded image');
    const upload = await this.settle(await this.readable(actor, key));
    if (channelId && isAttachment(upload.kind)) await this.postIn(actor, upload, channelId);
    return toStoredObject(upload);
  }

  /**
   * What showed an object was deleted (a message): its bytes go, and it answers MEDIA.NOT_FOUND from then on. Only an
   * upload of the actor's workspace made by `ownerId` is deleted (an address someone else uploaded and a message
   * merely repeated stays); the caller checked the actor may delete what showed it.
   */
  async remove(actor: Actor, url: string, ownerId: string): Promise<{ deleted: boolean }> {
    const key = objectKeyFromUrl(url);
    if (!key || !OBJECT_KEY_PATTERN.test(key) || !actor.workspaceId) return { deleted: false };
    const upload = await this.uploads.findOneBy({ key });
    if (!upload || upload.workspaceId !== actor.workspaceId || upload.ownerId !== ownerId) return { deleted: false };
    if (!(await this.membership.isMember(actor.workspaceId, actor.userId))) return { deleted: false };
    // marked first: a read from now on answers not found even while the bytes are still being removed
    await this.uploads.update({ id: upload.id }, { status: 'deleted', recheckAt: null });
    await this.storage.remove(upload.key);
    return { deleted: true };
  }

  /**
   * Pending uploads whose URL expired long ago: check what was stored (S3 uploads are never announced), delete bad
   * objects, and mark the never-uploaded ones abandoned. Then uploads checked while their URL could still replace the
   * object: check them once more, now that it cannot. Returns how many were looked at.
   */
  async sweep(now = new Date()): Promise<number> {
    const stale = await this.uploads.find({
      where: { status: 'pending', expiresAt: LessThan(new Date(now.getTime() - SWEEP_GRACE_MS)) },
      order: { expiresAt: 'ASC' },
      take: SWEEP_BATCH,
    });
    const provisional = await this.uploads.find({
      where: { recheckAt: LessThan(now) },
      order: { recheckAt: 'ASC' },
      take: SWEEP_BATCH,
    });
    for (const upload of [...stale, ...provisional]) {
      try {
        await this.settle(upload, now);
      } catch (err) {
        if (!(err instanceof DomainError))
          this.logger.warn(`checking upload ${upload.key} failed: ${(err as Error).message}`);
        else if (err.code === ErrorCodes.objectNotFound && upload.status === 'pending') {
          await this.uploads.update({ id: upload.id, status: 'pending' }, { status: 'abandoned' });
        }
      }
    }
    return stale.length + provisional.length;
  }

  private async readable(actor: Actor, key: string): Promise<UploadEntity> {
    if (!OBJECT_KEY_PATTERN.test(key)) throw notFound();
    const upload = await this.uploads.findOneBy({ key });
    if (!upload || !(await this.mayRead(actor, upload))) throw notFound();
    return upload;
  }

  /** Binds an attachment to the channel it is posted in; one update, so two posts at once cannot both take it. */
  private async postIn(actor: Actor, upload: UploadEntity, channelId: string): Promise<void> {
    if (upload.ownerId !== actor.userId) throw notFound();
    if (upload.channelId === channelId) return;
    const { affected } = await this.uploads.update(
      { id: upload.id, ownerId: actor.userId, channelId: IsNull() },
      { channelId, uploaderOnly: false },
    );
    if (!affected) throw notFound();
    upload.channelId = channelId;
    upload.uploaderOnly = false;
  }

  private async mayRead(actor: Actor, upload: UploadEntity): Promise<boolean> {
    if (!actor.workspaceId) return upload.workspaceId === null && upload.ownerId === actor.userId;
    if (upload.workspaceId !== null) {
      if (upload.workspaceId !== actor.workspaceId) return false;
      if (!(await this.membership.isMember(actor.workspaceId, actor.userId))) return false;
      // a posted attachment follows its channel; before it is posted it is its uploader's alone
      if (upload.channelId) return this.audience.mayReadChannel(actor, upload.channelId);
      return !upload.uploaderOnly || upload.ownerId === actor.userId;
    }
    // made before its uploader had a workspace (a signup logo): theirs, and shown in the workspaces they belong to
    if (upload.ownerId === actor.userId) return true;
    return (
      (await this.membership.isMember(actor.workspaceId, actor.userId)) &&
      this.membership.isMember(actor.workspaceId, upload.ownerId)
    );
  }

  /**
   * Brings an upload to an answer: stored (returned), rejected (the object is deleted; the reason is thrown), or not
   * there (MEDIA.NOT_FOUND). Checks size against the limit, the declared type, and the first bytes. While the upload
   * URL can still replace the object (S3), the answer is provisional (`recheckAt`) and the object is checked again.
   */
  private async settle(upload: UploadEntity, now = new Date()): Promise<UploadEntity> {
    if (upload.status === 'abandoned' || upload.status === 'deleted') throw notFound();
    if (upload.recheckAt === null) {
      if (upload.status === 'stored') return upload;
      if (upload.status === 'rejected') throw this.rejection(upload);
    }
    const provisional = this.storage.overwritable && now.getTime() <= upload.expiresAt.getTime() + RECHECK_SLACK_MS;
    const recheckAt = provisional ? new Date(upload.expiresAt.getTime() + RECHECK_SLACK_MS) : null;
    const stat = await this.storage.stat(upload.key);
    if (!stat) {
      // nothing uploaded yet, or a rejected upload's object (deleted then) was not uploaded again: that is final once
      // the URL can no longer write
      if (upload.recheckAt !== null && !provisional) {
        await this.uploads.update({ id: upload.id }, { recheckAt: null });
        upload.recheckAt = null;
      }
      if (upload.status === 'rejected') throw this.rejection(upload);
      throw notFound();
    }
    const declared = stat.contentType?.split(';')[0].trim().toLowerCase();
    const declaredOk = !declared || GENERIC_TYPES.has(declared) || normalizeImageType(declared) === upload.contentType;
    const ok =
      upload.kind === 'file'
        ? storedFileFits(stat, upload.maxBytes)
        : stat.size > 0 &&
          stat.size <= upload.maxBytes &&
          declaredOk &&
          sniffImageType(await this.storage.head(upload.key, SNIFF_BYTES)) === upload.contentType;
    upload.size = stat.size;
    upload.recheckAt = recheckAt;
    if (!ok) {
      await this.storage.remove(upload.key);
      upload.status = 'rejected';
      await this.uploads.update({ id: upload.id }, { status: 'rejected', size: stat.size, recheckAt });
      throw this.rejection(upload);
    }
    upload.status = 'stored';
    upload.storedAt = now;
    await this.uploads.update({ id: upload.id }, { status: 'stored', size: stat.size, storedAt: now, recheckAt });
    return upload;
  }

  private rejection(upload: UploadEntity): DomainError {
    return (upload.size ?? 0) > upload.maxBytes
      ? new DomainError(ErrorCodes.uploadTooLarge, TOO_LARGE_MESSAGES[upload.kind])
      : new DomainError(ErrorCodes.uploadInvalid, NOT_AN_IMAGE_MESSAGES[upload.kind]);
  }
}
