import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { UnreadService } from './unread.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class UnreadController {
  constructor(private readonly unread: UnreadService) {}

  @OnRequest(ChatContracts.listUnread)
  list(@Payload(new ZodPipe(ChatContracts.listUnread.request)) body: In<'listUnread'>) {
    return this.unread.list(body.actor);
  }

  @OnRequest(ChatContracts.markRead)
  markRead(@Payload(new ZodPipe(ChatContracts.markRead.request)) body: In<'markRead'>) {
    return this.unread.markRead(body.actor, body.channelId);
  }
}
