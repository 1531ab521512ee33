import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import { ChatContracts, UnreadCountSchema } from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { Api } from '../openapi/api.decorator.js';

/** Server-side unread counts, the same on every device (mark read with POST /api/channels/{id}/read). */
@Controller('unread')
@RequireWorkspace()
export class UnreadController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Api({
    summary: 'Unread messages from others per channel you may read (channels with none are left out)',
    response: z.array(UnreadCountSchema),
  })
  list(@Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listUnread, { actor });
  }
}
