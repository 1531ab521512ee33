import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { MediaContracts } from '@teamchat/contracts';
import type { z } from 'zod';
import { UploadService } from './upload.service.js';

type Req<K extends keyof typeof MediaContracts> = z.output<(typeof MediaContracts)[K]['request']>;

/** Bus handlers of the media service. */
@Controller()
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @OnRequest(MediaContracts.createUpload)
  create(@Payload(new ZodPipe(MediaContracts.createUpload.request)) p: Req<'createUpload'>) {
    return this.uploads.create(p.actor, {
      kind: p.kind,
      filename: p.filename,
      contentType: p.contentType,
      size: p.size,
    });
  }

  @OnRequest(MediaContracts.completeUpload)
  complete(@Payload(new ZodPipe(MediaContracts.completeUpload.request)) p: Req<'completeUpload'>) {
    return this.uploads.complete(p);
  }

  @OnRequest(MediaContracts.getObject)
  get(@Payload(new ZodPipe(MediaContracts.getObject.request)) p: Req<'getObject'>) {
    return this.uploads.get(p.actor, p.key);
  }

  @OnRequest(MediaContracts.verifyUpload)
  verify(@Payload(new ZodPipe(MediaContracts.verifyUpload.request)) p: Req<'verifyUpload'>) {
    return this.uploads.verify(p.actor, p.url, p.channelId);
  }

  @OnRequest(MediaContracts.deleteObject)
  remove(@Payload(new ZodPipe(MediaContracts.deleteObject.request)) p: Req<'deleteObject'>) {
    return this.uploads.remove(p.actor, p.url, p.ownerId);
  }
}
