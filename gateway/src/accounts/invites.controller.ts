import { Controller, Delete, Get, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  AcceptInviteSchema,
  CreateInviteSchema,
  CurrentUserSchema,
  ErrorCodes,
  InviteSchema,
  ValidateInviteResponseSchema,
  WorkspaceContracts,
  type AcceptInvite,
  type CreateInvite,
  type CurrentUser,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { AuthThrottleGuard } from '../auth/auth-throttle.js';
import { establishSession } from '../auth/session-auth.js';
import { IdParam, TokenParam } from './params.js';
import { CurrentUsers } from './current-user.js';

const inviteNotFound = { error: 'Invite not found', code: ErrorCodes.inviteNotFound };

/** Invite links with seat limits (spec 1 §2 invitation screen, spec 2 §2 Admin tab and §4 seats). */
@Controller('invites')
export class InvitesController {
  constructor(
    private readonly bus: BusClient,
    private readonly currentUsers: CurrentUsers,
  ) {}

  @Post()
  @RequireWorkspace()
  @Api({
    summary: 'Generate an invite link for the current workspace (admins; needs a free seat)',
    body: CreateInviteSchema,
    response: InviteSchema,
  })
  create(@ZodBody(CreateInviteSchema) body: CreateInvite, @Actor() actor: WorkspaceActor) {
    return this.bus.request(WorkspaceContracts.createInvite, { actor, email: body.email });
  }

  @Get()
  @RequireWorkspace()
  @Api({ summary: 'Pending invites of the current workspace (admins)', response: z.array(InviteSchema) })
  list(@Actor() actor: WorkspaceActor) {
    return this.bus.request(WorkspaceContracts.listInvites, { actor });
  }

  @Delete(':id')
  @RequireWorkspace()
  @Api({ summary: 'Cancel a pending invite (admins)', response: z.object({ id: z.uuid() }) })
  cancel(@IdParam('id', inviteNotFound) inviteId: string, @Actor() actor: WorkspaceActor) {
    return this.bus.request(WorkspaceContracts.cancelInvite, { actor, inviteId });
  }

  @Get('validate/:token')
  @Api({
    summary: 'What a pending invite is for (404 otherwise)',
    response: ValidateInviteResponseSchema,
    public: true,
  })
  validate(@TokenParam() token: string) {
    return this.bus.request(WorkspaceContracts.validateInvite, { token });
  }

  @Post(':token/accept')
  @UseGuards(AuthThrottleGuard)
  @Api({
    summary: 'Join with a new or existing account and sign in',
    body: AcceptInviteSchema,
    response: CurrentUserSchema,
    public: true,
  })
  async accept(
    @TokenParam() token: string,
    @ZodBody(AcceptInviteSchema) body: AcceptInvite,
    @Req() req: Request,
  ): Promise<CurrentUser> {
    const { userId } = await this.bus.request(WorkspaceContracts.acceptInvite, { token, ...body });
    await establishSession(req, userId);
    return this.currentUsers.fresh(req);
  }
}
