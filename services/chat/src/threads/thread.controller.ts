import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { ThreadService } from './thread.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

/** Reading threads and their read state (replies are posted through chat.message.create with a threadId). */
@Controller()
export class ThreadController {
  constructor(private readonly threads: ThreadService) {}

  @OnRequest(ChatContracts.getThread)
  get(@Payload(new ZodPipe(ChatContracts.getThread.request)) body: In<'getThread'>) {
    return this.threads.get(body.actor, body.messageId);
  }

  @OnRequest(ChatContracts.listThreads)
  list(@Payload(new ZodPipe(ChatContracts.listThreads.request)) body: In<'listThreads'>) {
    return this.threads.followed(body.actor);
  }

  @OnRequest(ChatContracts.markThreadRead)
  markRead(@Payload(new ZodPipe(ChatContracts.markThreadRead.request)) body: In<'markThreadRead'>) {
    return this.threads.markRead(body.actor, body.messageId);
  }
}
