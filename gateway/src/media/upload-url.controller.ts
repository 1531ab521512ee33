import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { BusClient } from '@teamchat/bus';
import {
  MediaContracts,
  messageUploadKind,
  Routes,
  type MessageUploadRequest,
  type MessageUploadResponse,
  type UploadKind,
  type UploadURLResponse,
  type UploadUrlRequest,
  type UploadUrlResponse,
} from '@teamchat/contracts';
import { Actor, type RequestActor } from '../auth/actor.js';
import { linkOrigin } from '../auth/origin.middleware.js';
import { Route, RouteBody } from '../http/route-table.js';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';

/** Upload URLs (spec 1 §7, spec 2 §7): the client PUTs the bytes straight to the answer, within 5 minutes. */
@Controller()
export class UploadUrlController {
  constructor(
    private readonly bus: BusClient,
    @Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime,
  ) {}

  @Route(Routes.createUploadUrl)
  async uploadUrl(
    @Actor() actor: RequestActor,
    @RouteBody(Routes.createUploadUrl) body: UploadUrlRequest,
    @Req() req: Request,
  ): Promise<UploadUrlResponse> {
    const ticket = await this.ticket(actor, body.kind, body.filename, body.contentType, req);
    return { uploadUrl: ticket.uploadUrl, objectPath: ticket.objectPath };
  }

  @Route(Routes.createMessageUpload)
  async messageUpload(
    @Actor() actor: RequestActor,
    @RouteBody(Routes.createMessageUpload) body: MessageUploadRequest,
    @Req() req: Request,
  ): Promise<MessageUploadResponse> {
    const kind = messageUploadKind(body.filename);
    const ticket =
      kind === 'file'
        ? await this.ticket(actor, 'file', body.filename, body.contentType, req, body.size)
        : await this.ticket(actor, 'message', body.filename, undefined, req, body.size);
    return {
      uploadURL: ticket.uploadUrl,
      objectPath: ticket.objectPath,
      attachment: kind === 'file' ? 'file' : 'image',
    };
  }

  @Route(Routes.createReactionUpload)
  async reactionUpload(
    @Actor() actor: RequestActor,
    @RouteBody(Routes.createReactionUpload) body: { filename: string },
    @Req() req: Request,
  ): Promise<UploadURLResponse> {
    const ticket = await this.ticket(actor, 'reaction', body.filename, undefined, req);
    return { uploadURL: ticket.uploadUrl, objectPath: ticket.objectPath };
  }

  private async ticket(
    actor: RequestActor,
    kind: UploadKind,
    filename: string,
    contentType: string | undefined,
    req: Request,
    size?: number,
  ) {
    const origin = linkOrigin(req, this.runtime.env);
    const ticket = await this.bus.request(MediaContracts.createUpload, {
      actor: { userId: actor.userId, workspaceId: actor.workspaceId },
      kind,
      filename,
      ...(contentType ? { contentType } : {}),
      ...(size !== undefined ? { size } : {}),
    });
    // local-driver URLs are paths on this site; presigned S3 URLs are already absolute
    return { ...ticket, uploadUrl: new URL(ticket.uploadUrl, origin).toString(), objectPath: ticket.objectPath };
  }
}
