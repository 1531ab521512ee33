import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  IdentityContracts,
  Routes,
  type AwardStars,
  type CurrentUser,
  type UpdateHandle,
  type UpdateUser,
} from '@teamchat/contracts';
import { BusClient } from '@teamchat/bus';
import { Route, RouteBody, RouteParam } from '../http/route-table.js';
import { Actor, type RequestActor, type WorkspaceActor } from '../auth/actor.js';
import { CurrentUsers } from './current-user.js';
import { ImageAddresses } from '../media/image-address.js';
import { ChangesActors } from '../auth/changes-actors.js';
import { ProfileFrames } from './profile-frames.js';

const { updateUser, updateHandle, awardStars } = Routes;

/**
 * Profile changes answer the caller's full current user and push the new profile to every open client, so they are
 * answered here; listing members and admin roles forward (route table).
 */
@Controller()
export class UsersController {
  constructor(
    private readonly bus: BusClient,
    private readonly images: ImageAddresses,
    private readonly profileFrames: ProfileFrames,
    private readonly currentUsers: CurrentUsers,
  ) {}

  @Route(updateUser)
  @ChangesActors('userId')
  async update(
    @RouteParam(updateUser, 'userId') userId: string,
    @RouteBody(updateUser) changes: UpdateUser,
    @Actor() actor: RequestActor,
    @Req() req: Request,
  ): Promise<CurrentUser> {
    if (changes.profileImageUrl) changes.profileImageUrl = this.images.siteRelative(changes.profileImageUrl, req);
    return this.changeProfile(actor, userId, changes);
  }

  @Route(updateHandle)
  @ChangesActors('userId')
  updateHandle(
    @RouteParam(updateHandle, 'userId') userId: string,
    @RouteBody(updateHandle) body: UpdateHandle,
    @Actor() actor: RequestActor,
  ): Promise<CurrentUser> {
    return this.changeProfile(actor, userId, { handle: body.handle });
  }

  @Route(awardStars)
  @ChangesActors('userId')
  async awardStars(
    @RouteParam(awardStars, 'userId') userId: string,
    @RouteBody(awardStars) body: AwardStars,
    @Actor() actor: WorkspaceActor,
  ) {
    const profile = await this.bus.request(IdentityContracts.awardStars, { actor, userId, stars: body.stars });
    void this.profileFrames.changed(userId, profile);
    return profile;
  }

  private async changeProfile(actor: RequestActor, userId: string, changes: UpdateUser): Promise<CurrentUser> {
    const user = await this.bus.request(IdentityContracts.update, { actor, userId, changes });
    void this.profileFrames.changed(userId, user);
    return this.currentUsers.describe(user, actor);
  }
}
