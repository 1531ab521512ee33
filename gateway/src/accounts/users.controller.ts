import { Controller, Get, HttpCode, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  AwardStarsSchema,
  CurrentUserSchema,
  ErrorCodes,
  IdentityContracts,
  PublicUserSchema,
  SetAdminSchema,
  UpdateHandleSchema,
  UpdateUserSchema,
  UserProfileSchema,
  WorkspaceContracts,
  MembershipSchema,
  type AwardStars,
  type CurrentUser,
  type PublicUser,
  type UpdateHandle,
  type UpdateUser,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { ZodBody } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { Actor, RequireWorkspace, type RequestActor, type WorkspaceActor } from '../auth/actor.js';
import { IdParam } from './params.js';
import { CurrentUsers } from './current-user.js';
import { ImageAddresses } from '../media/image-address.js';
import { ChangesActors } from '../auth/changes-actors.js';
import { ProfileFrames } from './profile-frames.js';

const userNotFound = { error: 'User not found', code: ErrorCodes.userNotFound };

/** Profiles, handles, stars and admin roles (spec 2 §5–§8). */
@Controller('users')
export class UsersController {
  constructor(
    private readonly bus: BusClient,
    private readonly images: ImageAddresses,
    private readonly profileFrames: ProfileFrames,
    private readonly currentUsers: CurrentUsers,
  ) {}

  @Get()
  @RequireWorkspace()
  @Api({ summary: "Members of the caller's current workspace", response: z.array(PublicUserSchema) })
  list(@Actor() actor: WorkspaceActor): Promise<PublicUser[]> {
    return this.bus.request(IdentityContracts.listWorkspace, { actor });
  }

  @Patch(':id')
  @ChangesActors('id')
  @UseGuards(AuthGuard)
  @Api({
    summary: 'Update your own profile (handle, about me, image, onboarding, status)',
    body: UpdateUserSchema,
    response: CurrentUserSchema,
  })
  async update(
    @IdParam('id', userNotFound) id: string,
    @ZodBody(UpdateUserSchema) changes: UpdateUser,
    @Actor() actor: RequestActor,
    @Req() req: Request,
  ): Promise<CurrentUser> {
    if (changes.profileImageUrl) changes.profileImageUrl = this.images.siteRelative(changes.profileImageUrl, req);
    const user = await this.bus.request(IdentityContracts.update, { actor, userId: id, changes });
    void this.profileFrames.changed(id);
    return this.currentUsers.describe(user, actor);
  }

  @Patch(':id/handle')
  @ChangesActors('id')
  @UseGuards(AuthGuard)
  @Api({
    summary: 'Change your own handle (unique within the workspace)',
    body: UpdateHandleSchema,
    response: CurrentUserSchema,
  })
  async updateHandle(
    @IdParam('id', userNotFound) id: string,
    @ZodBody(UpdateHandleSchema) body: UpdateHandle,
    @Actor() actor: RequestActor,
  ): Promise<CurrentUser> {
    const user = await this.bus.request(IdentityContracts.update, {
      actor,
      userId: id,
      changes: { handle: body.handle },
    });
    void this.profileFrames.changed(id);
    return this.currentUsers.describe(user, actor);
  }

  @Post(':id/stars')
  @ChangesActors('id')
  @HttpCode(200)
  @RequireWorkspace()
  @Api({ summary: 'Award stars to a member (admins)', body: AwardStarsSchema, response: UserProfileSchema })
  async awardStars(
    @IdParam('id', userNotFound) id: string,
    @ZodBody(AwardStarsSchema) body: AwardStars,
    @Actor() actor: WorkspaceActor,
  ) {
    const profile = await this.bus.request(IdentityContracts.awardStars, { actor, userId: id, stars: body.stars });
    void this.profileFrames.changed(id);
    return profile;
  }

  @Patch(':id/admin')
  @ChangesActors('id')
  @RequireWorkspace()
  @Api({ summary: 'Promote or demote another member (admins)', body: SetAdminSchema, response: MembershipSchema })
  setAdmin(
    @IdParam('id', userNotFound) id: string,
    @ZodBody(SetAdminSchema) body: { isAdmin: boolean },
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(WorkspaceContracts.setAdmin, { actor, userId: id, isAdmin: body.isAdmin });
  }
}
