import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { OnRequest, ZodPipe } from '@teamchat/bus';
import { ChatContracts } from '@teamchat/contracts';
import { PinService } from './pin.service.js';

type In<K extends keyof typeof ChatContracts> = z.output<(typeof ChatContracts)[K]['request']>;

@Controller()
export class PinController {
  constructor(private readonly pins: PinService) {}

  @OnRequest(ChatContracts.pinMessage)
  pin(@Payload(new ZodPipe(ChatContracts.pinMessage.request)) body: In<'pinMessage'>) {
    return this.pins.pin(body.actor, body.messageId);
  }

  @OnRequest(ChatContracts.unpinMessage)
  unpin(@Payload(new ZodPipe(ChatContracts.unpinMessage.request)) body: In<'unpinMessage'>) {
    return this.pins.unpin(body.actor, body.messageId);
  }

  @OnRequest(ChatContracts.getMessage)
  get(@Payload(new ZodPipe(ChatContracts.getMessage.request)) body: In<'getMessage'>) {
    return this.pins.get(body.actor, body.messageId);
  }

  @OnRequest(ChatContracts.listPins)
  list(@Payload(new ZodPipe(ChatContracts.listPins.request)) body: In<'listPins'>) {
    return this.pins.list(body.actor, body.channelId);
  }
}
