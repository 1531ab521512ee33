import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { messagesStored, searchDuration } from '@teamchat/observability';
import { MessageService } from './message.service.js';
import { SearchService } from './search.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class MessageController {
  constructor(
    private readonly messages: MessageService,
    private readonly searcher: SearchService,
  ) {}

  @OnRequest(ChatContracts.listMessages)
  list(@Payload(new ZodPipe(ChatContracts.listMessages.request)) body: In<'listMessages'>) {
    // the gateway lets through at most one cursor
    if (body.around) return this.messages.listAround(body.actor, body.channelId, body.around, body.limit);
    if (body.after) return this.messages.listAfter(body.actor, body.channelId, body.after, body.limit);
    return this.messages.list(body.actor, body.channelId, body.before, body.limit);
  }

  @OnRequest(ChatContracts.createMessage)
  async create(@Payload(new ZodPipe(ChatContracts.createMessage.request)) body: In<'createMessage'>) {
    const result = await this.messages.create(body.actor, body);
    if (result.created) messagesStored.inc();
    return result;
  }

  @OnRequest(ChatContracts.replay)
  replay(@Payload(new ZodPipe(ChatContracts.replay.request)) body: In<'replay'>) {
    return this.messages.replay(body.actor, body.since);
  }

  @OnRequest(ChatContracts.search)
  async search(@Payload(new ZodPipe(ChatContracts.search.request)) body: In<'search'>) {
    const stop = searchDuration.startTimer();
    try {
      const page = await this.searcher.search(body.actor, body.q, body.cursor, body.tz);
      stop({ outcome: 'ok' });
      return page;
    } catch (err) {
      stop({ outcome: 'error' });
      throw err;
    }
  }
}
