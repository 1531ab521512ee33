import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { BusClient } from '@teamchat/bus';
import { ChatContracts, FollowedThreadSchema, ThreadReadStateSchema, ThreadSchema } from '@teamchat/contracts';
import { Actor, RequireWorkspace, type WorkspaceActor } from '../auth/actor.js';
import { Api } from '../openapi/api.decorator.js';
import { MessageIdParam } from './chat-params.js';

/** Threads: a root with its replies, the threads the caller follows, and their read state (issue 18). */
@Controller()
@RequireWorkspace()
export class ThreadsController {
  constructor(private readonly bus: BusClient) {}

  @Get('messages/:id/thread')
  @Api({
    summary:
      'A thread: its root (a tombstone when deleted) and its replies, oldest first, with their reactions; the id of a reply answers its root’s thread',
    response: ThreadSchema,
  })
  thread(@MessageIdParam() messageId: string, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.getThread, { actor, messageId });
  }

  @Post('messages/:id/thread/read')
  @HttpCode(200)
  @Api({ summary: 'Mark a thread you follow read up to now', response: ThreadReadStateSchema })
  read(@MessageIdParam() messageId: string, @Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.markThreadRead, { actor, messageId });
  }

  @Get('threads')
  @Api({
    summary:
      'The threads you follow (you replied, started them or were mentioned), latest reply first (at most 50), with the replies from others you have not read',
    response: z.array(FollowedThreadSchema),
  })
  followed(@Actor() actor: WorkspaceActor) {
    return this.bus.request(ChatContracts.listThreads, { actor });
  }
}
