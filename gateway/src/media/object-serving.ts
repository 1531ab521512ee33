import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { Injectable, Logger } from '@nestjs/common';
import { BusClient, BusUnavailableError } from '@teamchat/bus';
import { MediaContracts, type StoredObject } from '@teamchat/contracts';
import type { RequestActor } from '../auth/actor.js';
import { servedAs } from './content-disposition.js';
import { LocalObjectStore, objectNotFound } from './local-object-store.js';

/** Reading and (local driver) writing the bytes of stored objects for the `/objects` and `/attachments` routes. */
@Injectable()
export class ObjectServing {
  private readonly logger = new Logger(ObjectServing.name);

  constructor(
    private readonly bus: BusClient,
    private readonly local: LocalObjectStore,
  ) {}

  /** Local driver: checks the signed URL, streams the body to disk, and has the media service check what was stored. */
  async upload(req: Request, prefix: string, key: string): Promise<StoredObject> {
    const signed = this.local.authorize({ method: req.method, prefix, key }, req.query);
    await this.local.receive(req, key, signed);
    try {
      return await this.bus.request(MediaContracts.completeUpload, { ...signed, key });
    } catch (err) {
      // refused, or the media service could not be asked: either way the upload failed, so nothing is kept
      await this.local.remove(key).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Serves an object to a member of its workspace: the stored (checked) type, never sniffed or rendered as a page,
   * private to the browser's cache. A file attachment keeps its original name and, unless it is a PDF or a raster
   * image, is only ever a download (see servedAs).
   */
  async serve(actor: RequestActor, key: string, req: Request, res: Response): Promise<void> {
    const object = await this.bus.request(MediaContracts.getObject, {
      actor: { userId: actor.userId, workspaceId: actor.workspaceId },
      key,
    });
    const body = object.readUrl ? await this.fetchRemote(object.readUrl) : await this.local.open(object.key);
    const etag = `"${object.key.split('/').pop()}-${object.size}"`;
    const served = servedAs(object);
    res.setHeader('Content-Type', served.contentType);
    res.setHeader('Cache-Control', 'private');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', served.disposition);
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag || req.method === 'HEAD') {
      body.destroy();
      if (req.headers['if-none-match'] === etag) res.status(304);
      else res.setHeader('Content-Length', String(object.size));
      res.end();
      return;
    }
    res.setHeader('Content-Length', String(object.size));
    try {
      await pipeline(body, res);
    } catch (err) {
      this.logger.warn(`serving ${object.key} stopped: ${(err as Error).message}`);
      res.destroy();
    }
  }

  private async fetchRemote(url: string): Promise<Readable> {
    const upstream = await fetch(url).catch((err: unknown) => {
      this.logger.warn(`object store unreachable: ${(err as Error).message}`);
      throw new BusUnavailableError('Object store unreachable');
    });
    if (!upstream.ok || !upstream.body) {
      await upstream.body?.cancel();
      throw objectNotFound();
    }
    return Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream);
  }
}
