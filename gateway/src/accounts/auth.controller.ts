import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ChangePasswordSchema,
  CurrentUserSchema,
  IdentityContracts,
  LoginSchema,
  PASSWORD_RESET_SENT_MESSAGE,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PasswordResetSentSchema,
  RegisterSchema,
  type ChangePassword,
  type CurrentUser,
  type IdentityUser,
  type Login,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type Register,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { Actor, CurrentIdentity, type RequestActor } from '../auth/actor.js';
import { AuthThrottleGuard } from '../auth/auth-throttle.js';
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
  ) {}

  @Post('register')
  @UseGuards(AuthThrottleGuard)
  @Api({ summary: 'Create an account and sign in', body: RegisterSchema, response: CurrentUserSchema, public: true })
  async register(@ZodBody(RegisterSchema) body: Register, @Req() req: Request): Promise<CurrentUser> {
    const user = await this.bus.request(IdentityContracts.register, body);
    await establishSession(req, user.id);
    return toCurrentUser(user, { workspaceId: null, role: null });
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthThrottleGuard)
  @Api({ summary: 'Sign in with email and password', body: LoginSchema, response: CurrentUserSchema, public: true })
  async login(@ZodBody(LoginSchema) body: Login, @Req() req: Request): Promise<CurrentUser> {
    const { userId } = await this.bus.request(IdentityContracts.authenticate, body);
    await establishSession(req, userId);
    return this.currentUsers.fresh(req);
  }

  @Get('auth/user')
  @UseGuards(AuthGuard)
  @Api({ summary: 'The signed-in user (401 when signed out)', response: CurrentUserSchema })
  user(@CurrentIdentity() user: IdentityUser, @Actor() actor: RequestActor): Promise<CurrentUser> {
    return this.currentUsers.describe(user, actor);
  }

  @Get('logout')
  // a navigation from another site (a link or an image elsewhere) only redirects: the session stays
  @Api({ summary: 'Sign out (ends the session) and go to /', public: true })
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!isCrossSite(req, this.runtime.env.PUBLIC_URL)) await endSession(req, res);
    res.redirect(302, '/');
  }

  @Post('auth/password')
  @HttpCode(204)
  @UseGuards(AuthGuard, AuthThrottleGuard)
  @Api({
    summary: 'Change your password (the current one proves it is you); every other session of yours ends',
    body: ChangePasswordSchema,
  })
  async changePassword(
    @ZodBody(ChangePasswordSchema) body: ChangePassword,
    @Actor() actor: RequestActor,
    @Req() req: Request,
  ): Promise<void> {
    const { userId } = await this.bus.request(IdentityContracts.changePassword, { ...body, userId: actor.userId });
    await this.sessions.endUserSessions(userId, req.sessionID);
  }

  @Post('auth/password-reset')
  @HttpCode(202)
  @UseGuards(AuthThrottleGuard)
  @Api({
    summary: 'Email a single-use password reset link (the same answer whether or not the account exists)',
    body: PasswordResetRequestSchema,
    response: PasswordResetSentSchema,
    public: true,
  })
  async requestPasswordReset(
    @ZodBody(PasswordResetRequestSchema) body: PasswordResetRequest,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.bus.request(IdentityContracts.requestPasswordReset, {
      email: body.email,
      resetUrl: resetPageUrl(req, this.runtime.env.PUBLIC_URL),
    });
    return { message: PASSWORD_RESET_SENT_MESSAGE };
  }

  @Post('auth/password-reset/confirm')
  @HttpCode(204)
  @UseGuards(AuthThrottleGuard)
  @Api({
    summary: "Set a new password with a reset link's token; every session of the account ends",
    body: PasswordResetConfirmSchema,
    public: true,
  })
  async confirmPasswordReset(@ZodBody(PasswordResetConfirmSchema) body: PasswordResetConfirm): Promise<void> {
    const { userId } = await this.bus.request(IdentityContracts.confirmPasswordReset, body);
    await this.sessions.endUserSessions(userId);
  }
}
