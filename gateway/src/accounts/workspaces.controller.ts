import { Controller, Delete, Get, HttpCode, NotFoundException, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  CreateWorkspaceSchema,
  ErrorCodes,
  ResolvedActorSchema,
  SwitchWorkspaceSchema,
  UpdateWorkspaceImageSchema,
  WorkspaceContracts,
  WorkspaceListItemSchema,
  WorkspaceSchema,
  type CreateWorkspace,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { Actor, type RequestActor } from '../auth/actor.js';
import { SocketEvictions } from '../realtime/socket-evictions.js';
import { IdParam } from './params.js';
import { ImageAddresses } from '../media/image-address.js';
import { ChangesActors } from '../auth/changes-actors.js';

const workspaceNotFound = { error: 'Workspace not found', code: ErrorCodes.workspaceNotFound };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Workspaces, switching and removing members (spec 1 §2–§7, spec 2 §6). */
@Controller()
@UseGuards(AuthGuard)
export class WorkspacesController {
  constructor(
    private readonly bus: BusClient,
    private readonly evictions: SocketEvictions,
    private readonly images: ImageAddresses,
  ) {}

  @Post('workspaces')
  @ChangesActors()
  @Api({
    summary: 'Create a workspace (you become its admin; it becomes current)',
    body: CreateWorkspaceSchema,
    response: WorkspaceSchema,
  })
  create(@ZodBody(CreateWorkspaceSchema) body: CreateWorkspace, @Actor() actor: RequestActor, @Req() req: Request) {
    return this.bus.request(WorkspaceContracts.create, {
      actor,
      ...body,
      profileImageUrl: this.images.siteRelative(body.profileImageUrl, req),
    });
  }

  @Get('workspaces')
  @Api({ summary: 'Your workspaces with your role in each', response: z.array(WorkspaceListItemSchema) })
  list(@Actor() actor: RequestActor) {
    return this.bus.request(WorkspaceContracts.list, { actor });
  }

  @Patch('workspaces/:id/profile-image')
  @Api({
    summary: 'Change the workspace logo ("" removes it; admins)',
    body: UpdateWorkspaceImageSchema,
    response: WorkspaceSchema,
  })
  updateImage(
    @IdParam('id', workspaceNotFound) workspaceId: string,
    @ZodBody(UpdateWorkspaceImageSchema) body: { profileImageUrl: string },
    @Actor() actor: RequestActor,
    @Req() req: Request,
  ) {
    return this.bus.request(WorkspaceContracts.updateImage, {
      actor,
      workspaceId,
      profileImageUrl: this.images.siteRelative(body.profileImageUrl, req),
    });
  }

  @Post('switch-workspace')
  @ChangesActors()
  @HttpCode(200)
  @Api({
    summary: 'Make one of your workspaces the current one',
    body: SwitchWorkspaceSchema,
    response: ResolvedActorSchema,
  })
  async switch(@ZodBody(SwitchWorkspaceSchema) body: { workspaceId: string }, @Actor() actor: RequestActor) {
    if (!UUID.test(body.workspaceId)) throw new NotFoundException(workspaceNotFound);
    return this.bus.request(WorkspaceContracts.switch, { actor, workspaceId: body.workspaceId.toLowerCase() });
  }

  @Delete('workspaces/:workspaceId/users/:userId')
  @ChangesActors('userId')
  @Api({
    summary: 'Remove a member from the workspace (admins; not yourself)',
    response: z.object({ workspaceId: z.uuid(), userId: z.uuid() }),
  })
  async removeMember(
    @IdParam('workspaceId', workspaceNotFound) workspaceId: string,
    @IdParam('userId', { error: 'User not found in this workspace', code: ErrorCodes.memberNotFound }) userId: string,
    @Actor() actor: RequestActor,
  ) {
    const removed = await this.bus.request(WorkspaceContracts.removeMember, { actor, workspaceId, userId });
    await this.evictions.evict(userId, workspaceId);
    return removed;
  }
}
