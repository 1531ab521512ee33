import { Controller, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import {
  BroadcastMentionPolicySchema,
  ChannelNotificationPrefSchema,
  UpdateBroadcastMentionPolicySchema,
  type UpdateBroadcastMentionPolicy,
  MentionsPageSchema,
  MentionsQuerySchema,
  type MentionsQuery,
  NotificationContracts,
  NotificationPrefsSchema,
  UpdateChannelNotificationPrefSchema,
  UpdateNotificationPrefsSchema,
  type UpdateChannelNotificationPref,
  type UpdateNotificationPrefs,
} from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { ZodBody, ZodQuery } from '../http/zod.decorators.js';
import { Api } from '../openapi/api.decorator.js';
import { ChannelIdParam } from './chat-params.js';

/** What notifies you in the current workspace, kept on the server so every device follows it (issue 19). */
@Controller()
@RequireWorkspace()
export class NotificationPrefsController {
  constructor(private readonly bus: BusClient) {}

  @Get('notification-preferences')
  @Api({
    summary:
      'Your notification preferences in the current workspace: level (all, mentions, nothing), keywords, sound, and ' +
      'the channels you gave a level of their own or muted',
    response: NotificationPrefsSchema,
  })
  get(@Actor() actor: WorkspaceActor) {
    return this.bus.request(NotificationContracts.getPrefs, { actor });
  }

  @Patch('notification-preferences')
  @Api({
    summary: 'Change your notification level, keywords or sound (only the fields given)',
    body: UpdateNotificationPrefsSchema,
    response: NotificationPrefsSchema,
  })
  update(@ZodBody(UpdateNotificationPrefsSchema) prefs: UpdateNotificationPrefs, @Actor() actor: WorkspaceActor) {
    return this.bus.request(NotificationContracts.updatePrefs, { actor, prefs });
  }

  @Patch('channels/:id/notification-preferences')
  @Api({
    summary: "Give a channel its own notification level ('default' follows yours) or mute it",
    body: UpdateChannelNotificationPrefSchema,
    response: ChannelNotificationPrefSchema,
  })
  updateChannel(
    @ChannelIdParam() channelId: string,
    @ZodBody(UpdateChannelNotificationPrefSchema) pref: UpdateChannelNotificationPref,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(NotificationContracts.updateChannelPref, { actor, channelId, pref });
  }

  @Get('mentions')
  @Api({
    summary:
      'Messages that mention you or the whole channel (@channel, @everyone), and reactions to your messages, newest ' +
      'first, 30 a page, with how many arrived since you last opened the list',
    query: MentionsQuerySchema,
    response: MentionsPageSchema,
  })
  mentions(@ZodQuery(MentionsQuerySchema) query: MentionsQuery, @Actor() actor: WorkspaceActor) {
    return this.bus.request(NotificationContracts.mentions, { actor, ...query });
  }

  @Post('mentions/read')
  @HttpCode(200)
  @Api({ summary: 'Mark everything in your mentions as read', response: z.object({ readAt: z.string() }) })
  markMentionsRead(@Actor() actor: WorkspaceActor) {
    return this.bus.request(NotificationContracts.markMentionsRead, { actor });
  }

  @Get('broadcast-mentions')
  @Api({
    summary:
      'Who may notify a whole channel: whether @channel, @everyone and @here are kept to admins in channels of more ' +
      'than largeChannelMembers members',
    response: BroadcastMentionPolicySchema,
  })
  broadcastPolicy(@Actor() actor: WorkspaceActor) {
    return this.bus.request(NotificationContracts.broadcastPolicy, { actor });
  }

  @Put('broadcast-mentions')
  @Api({
    summary:
      'Keep @channel, @everyone and @here in large channels (more than largeChannelMembers members, 20 unless set) ' +
      'to admins, or allow everyone (admins)',
    body: UpdateBroadcastMentionPolicySchema,
    response: BroadcastMentionPolicySchema,
  })
  setBroadcastPolicy(
    @ZodBody(UpdateBroadcastMentionPolicySchema) body: UpdateBroadcastMentionPolicy,
    @Actor() actor: WorkspaceActor,
  ) {
    return this.bus.request(NotificationContracts.setBroadcastPolicy, { actor, ...body });
  }
}
