import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { ReactionService } from './reaction.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class ReactionController {
  constructor(private readonly reactions: ReactionService) {}

  @OnRequest(ChatContracts.listCustomReactions)
  listCustom(@Payload(new ZodPipe(ChatContracts.listCustomReactions.request)) body: In<'listCustomReactions'>) {
    return this.reactions.listCustom(body.actor);
  }

  @OnRequest(ChatContracts.createCustomReaction)
  createCustom(@Payload(new ZodPipe(ChatContracts.createCustomReaction.request)) body: In<'createCustomReaction'>) {
    return this.reactions.createCustom(body.actor, body);
  }

  @OnRequest(ChatContracts.addReaction)
  add(@Payload(new ZodPipe(ChatContracts.addReaction.request)) body: In<'addReaction'>) {
    return this.reactions.add(body.actor, body.messageId, body);
  }

  @OnRequest(ChatContracts.removeReaction)
  remove(@Payload(new ZodPipe(ChatContracts.removeReaction.request)) body: In<'removeReaction'>) {
    return this.reactions.remove(body.actor, body.messageId, body);
  }
}
