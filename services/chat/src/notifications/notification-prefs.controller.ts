import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { NotificationContracts } from '@teamchat/contracts';
import { BroadcastMentions } from './broadcast-mentions.js';
import { MentionsService } from './mentions.service.js';
import { NotificationPrefsService } from './notification-prefs.service.js';

type In<K extends keyof typeof NotificationContracts> = z.output<(typeof NotificationContracts)[K]['request']>;

@Controller()
export class NotificationPrefsController {
  constructor(
    private readonly prefs: NotificationPrefsService,
    private readonly mentionsView: MentionsService,
    private readonly broadcast: BroadcastMentions,
  ) {}

  @OnRequest(NotificationContracts.broadcastPolicy)
  broadcastPolicy(@Payload(new ZodPipe(NotificationContracts.broadcastPolicy.request)) body: In<'broadcastPolicy'>) {
    return this.broadcast.get(body.actor);
  }

  @OnRequest(NotificationContracts.setBroadcastPolicy)
  setBroadcastPolicy(
    @Payload(new ZodPipe(NotificationContracts.setBroadcastPolicy.request)) body: In<'setBroadcastPolicy'>,
  ) {
    return this.broadcast.set(body.actor, body);
  }

  @OnRequest(NotificationContracts.mentions)
  mentions(@Payload(new ZodPipe(NotificationContracts.mentions.request)) body: In<'mentions'>) {
    return this.mentionsView.list(body.actor, body.before);
  }

  @OnRequest(NotificationContracts.markMentionsRead)
  markMentionsRead(@Payload(new ZodPipe(NotificationContracts.markMentionsRead.request)) body: In<'markMentionsRead'>) {
    return this.mentionsView.markRead(body.actor);
  }

  @OnRequest(NotificationContracts.getPrefs)
  get(@Payload(new ZodPipe(NotificationContracts.getPrefs.request)) body: In<'getPrefs'>) {
    return this.prefs.get(body.actor);
  }

  @OnRequest(NotificationContracts.updatePrefs)
  update(@Payload(new ZodPipe(NotificationContracts.updatePrefs.request)) body: In<'updatePrefs'>) {
    return this.prefs.update(body.actor, body.prefs);
  }

  @OnRequest(NotificationContracts.updateChannelPref)
  updateChannel(@Payload(new ZodPipe(NotificationContracts.updateChannelPref.request)) body: In<'updateChannelPref'>) {
    return this.prefs.updateChannel(body.actor, body.channelId, body.pref);
  }
}
