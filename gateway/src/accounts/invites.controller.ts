import { Controller, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { Routes, WorkspaceContracts, type AcceptInvite, type CurrentUser } from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { Route, RouteBody, RouteParam } from '../http/route-table.js';
import { AuthThrottleGuard } from '../auth/auth-throttle.js';
import { establishSession } from '../auth/session-auth.js';
import { CurrentUsers } from './current-user.js';

const route = Routes.acceptInvite;

/** Accepting an invite signs the person in, so it is answered here; the other invite routes forward (route table). */
@Controller()
export class InvitesController {
  constructor(
    private readonly bus: BusClient,
    private readonly currentUsers: CurrentUsers,
  ) {}

  @Route(route)
  @UseGuards(AuthThrottleGuard)
  async accept(
    @RouteParam(route, 'token') token: string,
    @RouteBody(route) body: AcceptInvite,
    @Req() req: Request,
  ): Promise<CurrentUser> {
    const { userId } = await this.bus.request(WorkspaceContracts.acceptInvite, { token, ...body });
    await establishSession(req, userId);
    return this.currentUsers.fresh(req);
  }
}
