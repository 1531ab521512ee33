import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { MessageChangesService } from './message-changes.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

/** Bus handlers for edits and deletes of stored messages. */
@Controller()
export class MessageChangesController {
  constructor(private readonly changes: MessageChangesService) {}

  @OnRequest(ChatContracts.editMessage)
  edit(@Payload(new ZodPipe(ChatContracts.editMessage.request)) body: In<'editMessage'>) {
    return this.changes.edit(body.actor, body.messageId, body.content);
  }

  @OnRequest(ChatContracts.deleteMessage)
  delete(@Payload(new ZodPipe(ChatContracts.deleteMessage.request)) body: In<'deleteMessage'>) {
    return this.changes.delete(body.actor, body.messageId);
  }
}
