import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  CurrentUserSchema,
  IdentityContracts,
  LoginSchema,
  RegisterSchema,
  type CurrentUser,
  type IdentityUser,
  type Login,
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
import { CurrentUsers, toCurrentUser } from './current-user.js';

/** Sign up, sign in, sign out and the current user (spec 1 §7). */
@Controller()
export class AuthController {
  constructor(
    private readonly bus: BusClient,
    private readonly currentUsers: CurrentUsers,
    @Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime,
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
}
