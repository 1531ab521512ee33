import { Controller, Inject, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  IdentityContracts,
  PASSWORD_RESET_SENT_MESSAGE,
  Routes,
  type ChangePassword,
  type CurrentUser,
  type IdentityUser,
  type Login,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type Register,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { Route, RouteBody } from '../http/route-table.js';
import { Actor, CurrentIdentity, type RequestActor } from '../auth/actor.js';
import { AUTH_THROTTLERS, AuthThrottleGuard, forgetFailedSignIns, type AuthThrottles } from '../auth/auth-throttle.js';
import { endSession, establishSession } from '../auth/session-auth.js';
import { isCrossSite } from '../auth/origin.middleware.js';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { SESSION_KIT } from '../infrastructure.js';
import type { SessionKit } from '../auth/session.js';
import { resetPageUrl } from './reset-link.js';
import { CurrentUsers, toCurrentUser } from './current-user.js';

/** Sign up, sign in, sign out and the current user (spec 1 §7); changing and recovering a password. */
@Controller()
export class AuthController {
  constructor(
    private readonly bus: BusClient,
    private readonly currentUsers: CurrentUsers,
    @Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime,
    @Inject(SESSION_KIT) private readonly sessions: SessionKit,
    @Inject(AUTH_THROTTLERS) private readonly throttles: AuthThrottles,
  ) {}

  @UseGuards(AuthThrottleGuard)
  @Route(Routes.register)
  async register(@RouteBody(Routes.register) body: Register, @Req() req: Request): Promise<CurrentUser> {
    const user = await this.bus.request(IdentityContracts.register, body);
    await establishSession(req, user.id);
    return toCurrentUser(user, { workspaceId: null, role: null });
  }

  @UseGuards(AuthThrottleGuard)
  @Route(Routes.login)
  async login(@RouteBody(Routes.login) body: Login, @Req() req: Request): Promise<CurrentUser> {
    const { userId } = await this.bus.request(IdentityContracts.authenticate, body);
    await establishSession(req, userId);
    return this.currentUsers.fresh(req);
  }

  @Route(Routes.currentUser)
  user(@CurrentIdentity() user: IdentityUser, @Actor() actor: RequestActor): Promise<CurrentUser> {
    return this.currentUsers.describe(user, actor);
  }

  // a navigation from another site (a link or an image elsewhere) only redirects: the session stays
  @Route(Routes.logout)
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!isCrossSite(req, this.runtime.env.PUBLIC_URL)) await endSession(req, res);
    res.redirect(302, '/');
  }

  // signed in first, so a signed-out caller does not spend the throttle
  @UseGuards(AuthThrottleGuard)
  @Route(Routes.changePassword)
  async changePassword(
    @RouteBody(Routes.changePassword) body: ChangePassword,
    @Actor() actor: RequestActor,
    @Req() req: Request,
  ): Promise<void> {
    const { userId } = await this.bus.request(IdentityContracts.changePassword, { ...body, userId: actor.userId });
    await this.sessions.endUserSessions(userId, req.sessionID);
  }

  @UseGuards(AuthThrottleGuard)
  @Route(Routes.requestPasswordReset)
  async requestPasswordReset(
    @RouteBody(Routes.requestPasswordReset) body: PasswordResetRequest,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.bus.request(IdentityContracts.requestPasswordReset, {
      email: body.email,
      resetUrl: resetPageUrl(req, this.runtime.env),
    });
    return { message: PASSWORD_RESET_SENT_MESSAGE };
  }

  @UseGuards(AuthThrottleGuard)
  @Route(Routes.confirmPasswordReset)
  async confirmPasswordReset(@RouteBody(Routes.confirmPasswordReset) body: PasswordResetConfirm): Promise<void> {
    const { userId } = await this.bus.request(IdentityContracts.confirmPasswordReset, body);
    await this.sessions.endUserSessions(userId);
    const { email } = await this.bus.request(IdentityContracts.get, { userId });
    await forgetFailedSignIns(this.throttles, email);
  }
}
