import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { BillingEvents, WorkspaceContracts } from '@teamchat/contracts';
import { CurrentEvent, OnEvent, OnRequest, ZodPipe, type EventMeta } from '@teamchat/bus';
import { WorkspaceService } from './workspaces/workspace.service.js';
import { MemberService } from './members/member.service.js';
import { InviteService } from './invites/invite.service.js';

type In<K extends keyof typeof WorkspaceContracts> = z.output<(typeof WorkspaceContracts)[K]['request']>;
const pipe = <K extends keyof typeof WorkspaceContracts>(key: K) => new ZodPipe(WorkspaceContracts[key].request);

/** Bus handlers of the workspace service: validation here, rules in the services. */
@Controller()
export class WorkspaceController {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly members: MemberService,
    private readonly invites: InviteService,
  ) {}

  @OnRequest(WorkspaceContracts.resolveActor)
  resolveActor(@Payload(pipe('resolveActor')) body: In<'resolveActor'>) {
    return this.workspaces.resolveActor(body.userId);
  }

  @OnRequest(WorkspaceContracts.getMember)
  getMember(@Payload(pipe('getMember')) body: In<'getMember'>) {
    return this.members.get(body.workspaceId, body.userId);
  }

  @OnRequest(WorkspaceContracts.listMembers)
  listMembers(@Payload(pipe('listMembers')) body: In<'listMembers'>) {
    return this.members.list(body.workspaceId, body.limit, body.userIds);
  }

  @OnRequest(WorkspaceContracts.create)
  create(@Payload(pipe('create')) body: In<'create'>) {
    const { actor, ...input } = body;
    return this.workspaces.create(actor, input);
  }

  @OnRequest(WorkspaceContracts.get)
  get(@Payload(pipe('get')) body: In<'get'>) {
    return this.workspaces.get(body.actor, body.workspaceId);
  }

  @OnRequest(WorkspaceContracts.list)
  list(@Payload(pipe('list')) body: In<'list'>) {
    return this.workspaces.list(body.actor);
  }

  @OnRequest(WorkspaceContracts.updateImage)
  updateImage(@Payload(pipe('updateImage')) body: In<'updateImage'>) {
    return this.workspaces.updateImage(body.actor, body.workspaceId, body.profileImageUrl);
  }

  @OnRequest(WorkspaceContracts.switch)
  switch(@Payload(pipe('switch')) body: In<'switch'>) {
    return this.workspaces.switch(body.actor, body.workspaceId);
  }

  @OnRequest(WorkspaceContracts.seats)
  seats(@Payload(pipe('seats')) body: In<'seats'>) {
    return this.workspaces.seats(body.actor, body.workspaceId);
  }

  @OnRequest(WorkspaceContracts.setAdmin)
  setAdmin(@Payload(pipe('setAdmin')) body: In<'setAdmin'>) {
    return this.members.setAdmin(body.actor, body.userId, body.isAdmin);
  }

  @OnRequest(WorkspaceContracts.removeMember)
  removeMember(@Payload(pipe('removeMember')) body: In<'removeMember'>) {
    return this.members.remove(body.actor, body.workspaceId, body.userId);
  }

  @OnRequest(WorkspaceContracts.createInvite)
  createInvite(@Payload(pipe('createInvite')) body: In<'createInvite'>) {
    return this.invites.create(body.actor, body.email);
  }

  @OnRequest(WorkspaceContracts.listInvites)
  listInvites(@Payload(pipe('listInvites')) body: In<'listInvites'>) {
    return this.invites.list(body.actor);
  }

  @OnRequest(WorkspaceContracts.cancelInvite)
  cancelInvite(@Payload(pipe('cancelInvite')) body: In<'cancelInvite'>) {
    return this.invites.cancel(body.actor, body.inviteId);
  }

  @OnRequest(WorkspaceContracts.validateInvite)
  validateInvite(@Payload(pipe('validateInvite')) body: In<'validateInvite'>) {
    return this.invites.validate(body.token);
  }

  @OnRequest(WorkspaceContracts.acceptInvite)
  acceptInvite(@Payload(pipe('acceptInvite')) body: In<'acceptInvite'>) {
    return this.invites.accept(body);
  }

  @OnEvent(BillingEvents.seatsChanged)
  seatsChanged(
    @Payload(new ZodPipe(BillingEvents.seatsChanged.payload)) body: z.output<typeof BillingEvents.seatsChanged.payload>,
    @CurrentEvent() event: EventMeta,
  ) {
    return this.workspaces.setSeats(body.workspaceId, body.seats, event);
  }

  @OnRequest(WorkspaceContracts.entitlement)
  entitlement(@Payload(pipe('entitlement')) body: In<'entitlement'>) {
    return this.workspaces.entitlement(body.workspaceId);
  }

  @OnEvent(BillingEvents.entitlementChanged)
  entitlementChanged(
    @Payload(new ZodPipe(BillingEvents.entitlementChanged.payload))
    body: z.output<typeof BillingEvents.entitlementChanged.payload>,
    @CurrentEvent() event: EventMeta,
  ) {
    return this.workspaces.applyEntitlement(body, event);
  }

  @OnEvent(BillingEvents.subscriptionAttached)
  subscriptionAttached(
    @Payload(new ZodPipe(BillingEvents.subscriptionAttached.payload))
    body: z.output<typeof BillingEvents.subscriptionAttached.payload>,
    @CurrentEvent() event: EventMeta,
  ) {
    return this.workspaces.attachSubscription(body, event);
  }
}
