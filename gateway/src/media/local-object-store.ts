import { randomUUID, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@teamchat/bus';
import { secretFromEnvOrDataDir } from '@teamchat/config';
import {
  ErrorCodes,
  NOT_AN_IMAGE_MESSAGE,
  normalizeImageType,
  OBJECT_KEY_PATTERN,
  SignedUploadQuerySchema,
  sniffImageType,
  SNIFF_BYTES,
  tooLargeMessageFor,
  UPLOAD_EXPIRED_MESSAGE,
  UPLOAD_SIGNATURE_MESSAGE,
  uploadSignaturePayload,
  type SignedUploadQuery,
} from '@teamchat/contracts';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';

const INCOMING = '.incoming';
/** After refusing an oversized body, read (and drop) at most this much more so the client sees the 413, then hang up. */
const DRAIN_CAP_BYTES = 16 * 1024 * 1024;

export const objectNotFound = () => new DomainError(ErrorCodes.objectNotFound, 'Not found');
const badSignature = () => new DomainError(ErrorCodes.uploadSignature, UPLOAD_SIGNATURE_MESSAGE);
const notAnImage = () => new DomainError(ErrorCodes.uploadInvalid, NOT_AN_IMAGE_MESSAGE);

/** Reads and drops what is left of a request body, up to a cap, so the error answer reaches the client. */
const discardRest = (req: Request, cap = DRAIN_CAP_BYTES): void => {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > cap) req.destroy();
  });
  req.resume();
};

/**
 * The storage half of the local driver, run by the gateway: checks the HMAC-signed upload URLs the media service
 * hands out, streams PUT bodies to `$DATA_DIR/objects/<key>` (never through the JSON parser, never whole in memory),
 * stops at the signed limit, and reads objects back for serving.
 */
@Injectable()
export class LocalObjectStore {
  readonly enabled: boolean;
  readonly root: string;
  private secretValue?: string;

  constructor(@Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime) {
    this.enabled = runtime.env.STORAGE_DRIVER === 'local';
    this.root = resolve(join(runtime.env.DATA_DIR, 'objects'));
  }

  /** The signing secret the media service uses: same variable, or the same generated file under DATA_DIR. */
  private get secret(): string {
    const { env } = this.runtime;
    this.secretValue ??= secretFromEnvOrDataDir(
      env.UPLOAD_SIGNING_SECRET,
      env.DATA_DIR,
      'UPLOAD_SIGNING_SECRET',
      env.NODE_ENV === 'production',
    );
    return this.secretValue;
  }

  private path(key: string): string {
    if (!OBJECT_KEY_PATTERN.test(key)) throw objectNotFound();
    return join(this.root, key);
  }

  /**
   * The signed fields of an upload URL for this key, or the reason it is refused (bad signature, expired). The
   * signature is checked against the method and route prefix the request came with: a URL signed for a message image
   * (`/attachments/…`) is refused at `/objects/…`, and the other way round.
   */
  authorize(
    target: { method: string; prefix: string; key: string },
    query: unknown,
    now = Date.now(),
  ): SignedUploadQuery {
    const { key } = target;
    if (!this.enabled || !OBJECT_KEY_PATTERN.test(key)) throw objectNotFound();
    const parsed = SignedUploadQuerySchema.safeParse(query);
    if (!parsed.success) throw badSignature();
    const q = parsed.data;
    const expected = createHmac('sha256', this.secret)
      .update(
        uploadSignaturePayload({
          method: target.method,
          prefix: target.prefix,
          kind: q.kind,
          key,
          maxBytes: q.max,
          contentType: q.type,
          expires: q.expires,
        }),
      )
      .digest();
    const given = Buffer.from(q.sig, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badSignature();
    if (q.expires * 1000 < now) throw new DomainError(ErrorCodes.uploadExpired, UPLOAD_EXPIRED_MESSAGE);
    return q;
  }

  /**
   * Streams the request body to the key's file. Refuses, keeping nothing: a declared type or length that breaks the
   * signed terms, a body past the limit (stopped there), first bytes that are not the signed image type, a key already
   * written (URLs are single-use). Returns the stored size.
   */
  async receive(req: Request, key: string, signed: SignedUploadQuery): Promise<number> {
    const declaredType = req.headers['content-type'];
    // a file attachment keeps the type media recorded for it, whatever the PUT declares, and is never sniffed
    const image = signed.kind !== 'file';
    if (image && declaredType !== undefined && normalizeImageType(declaredType) !== signed.type) {
      discardRest(req);
      throw notAnImage();
    }
    const declaredLength = Number(req.headers['content-length'] ?? NaN);
    if (declaredLength > signed.max) {
      discardRest(req);
      throw new DomainError(ErrorCodes.uploadTooLarge, tooLargeMessageFor(signed.max, signed.kind));
    }
    const target = this.path(key);
    const incoming = join(this.root, INCOMING, randomUUID());
    await mkdir(dirname(incoming), { recursive: true });
    try {
      const size = await this.writeBody(req, incoming, signed);
      await mkdir(dirname(target), { recursive: true });
      try {
        await link(incoming, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new DomainError(ErrorCodes.uploadExpired, 'Upload URL has already been used');
        }
        throw err;
      }
      return size;
    } finally {
      await rm(incoming, { force: true });
    }
  }

  private writeBody(req: Request, file: string, signed: SignedUploadQuery): Promise<number> {
    const image = signed.kind !== 'file';
    return new Promise<number>((resolvePromise, reject) => {
      const out = createWriteStream(file, { flags: 'wx' });
      let size = 0;
      let head = Buffer.alloc(0);
      let settled = false;
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        req.off('data', onData);
        out.destroy();
        if (!req.complete) discardRest(req);
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > signed.max)
          return fail(new DomainError(ErrorCodes.uploadTooLarge, tooLargeMessageFor(signed.max, signed.kind)));
        if (image && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length === SNIFF_BYTES && sniffImageType(head) !== signed.type) return fail(notAnImage());
        }
        if (!out.write(chunk)) {
          req.pause();
          out.once('drain', () => req.resume());
        }
      };
      req.on('data', onData);
      req.once('end', () => {
        if (settled) return;
        if (image && (size === 0 || sniffImageType(head) !== signed.type)) return fail(notAnImage());
        out.end(() => {
          settled = true;
          resolvePromise(size);
        });
      });
      req.once('error', fail);
      req.once('close', () => {
        if (!req.complete) fail(new Error('upload aborted by the client'));
      });
      out.once('error', fail);
    });
  }

  /** Deletes the key's file (after the media service refused the object, or could not be told). */
  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** The key's bytes; MEDIA.NOT_FOUND when the file is missing. */
  open(key: string): Promise<Readable> {
    const stream = createReadStream(this.path(key));
    return new Promise((resolvePromise, reject) => {
      stream.once('open', () => resolvePromise(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? objectNotFound() : err));
    });
  }
}
