import { Injectable, Logger } from '@nestjs/common';
import type { z } from 'zod';
import { BusClient, DomainError } from '@teamchat/bus';
import { ChatContracts, ClientFrameSchemas, encodeServerFrame, ErrorCodes, type Message } from '@teamchat/contracts';
import { replayMessages, replayResyncs } from '@teamchat/observability';
import { NO_WORKSPACE_MESSAGE } from '../auth/actor.js';
import { ActorService } from '../auth/actor.service.js';
import { sendError, sendFrame, type Client } from './client.js';
import { SocketConnections } from './connections.js';
import { changeFrame } from './message-relay.service.js';
import { PresenceTracker } from './presence.js';
import { ReplayBudget } from './replay-budget.js';

/**
 * How a replayed message reaches a socket that last saw `since`: one created after it is new (`message`), one the
 * socket may already hold is a change (see changeFrame).
 */
export const replayFrame = (message: Message, since: number): string =>
  Date.parse(message.createdAt) > since && !message.deleted
    ? encodeServerFrame('message', { message })
    : changeFrame(message);

/**
 * A `join` frame (spec 2 §7): the socket enters its user's current workspace and gets `joined` with how many are
 * online there, after what it missed since `since` (replayed) or a `resync` when that cannot be replayed. Who is
 * online comes by subscription (`presence_subscribe`), for the users the client shows.
 */
@Injectable()
export class JoinHandler {
  private readonly logger = new Logger(JoinHandler.name);

  constructor(
    private readonly bus: BusClient,
    private readonly actors: ActorService,
    private readonly connections: SocketConnections,
    private readonly presence: PresenceTracker,
    private readonly replays: ReplayBudget,
  ) {}

  /** What the socket missed since `since`, or why it must resync (the socket's replay budget spent, chat unreachable). */
  private async replay(client: Client, workspaceId: string, since: string | number) {
    if (!this.replays.take(client)) return { status: 'resync' as const, reason: 'replay-limit' as const };
    return this.bus
      .request(ChatContracts.replay, { actor: { userId: client.userId, workspaceId }, since })
      .catch((err: unknown) => {
        this.logger.warn(`replay failed: ${String(err)}`);
        return { status: 'resync' as const, reason: 'delivery-interrupted' as const };
      });
  }

  async join(client: Client, frame: z.output<typeof ClientFrameSchemas.join>): Promise<void> {
    const resolved = await this.actors.ofUser(client.userId);
    if (!resolved) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
    const { user, actor: current } = resolved;
    client.username = user.username;
    if (!current.workspaceId) {
      await this.connections.leaveWorkspace(client);
      return sendError(client, ErrorCodes.noWorkspace, NO_WORKSPACE_MESSAGE);
    }
    const workspaceId = current.workspaceId;
    client.held = [];
    let replayed = 0;
    const seen = new Set<string>();
    try {
      // subscribed first (so whatever is stored after the replay's query arrives live, held), then at once: the replay,
      // and this socket counted with the presence snapshot read in the same step (a presence change after it follows
      // `joined` and corrects it). After the upgrade a connect so waits for at most two round trips one after the
      // other: the subscription (none when another socket of the workspace here holds it) and the slower of those two.
      // The actor is the one the upgrade resolved and cached.
      const reading =
        client.workspaceId !== workspaceId
          ? (await this.connections.enterWorkspace(client, workspaceId)).online
          : this.presence.count(workspaceId);
      const replaying =
        frame.since === undefined || frame.since === null ? undefined : this.replay(client, workspaceId, frame.since);
      const snapshot = reading.catch((err: unknown) => {
        this.logger.warn(`presence count or snapshot failed: ${String(err)}`);
        return undefined;
      });
      const [replay, onlineCount] = await Promise.all([replaying, snapshot]);
      if (replay?.status === 'ok') {
        const since = new Date(frame.since!).getTime();
        for (const message of replay.messages) {
          seen.add(message.id);
          client.queue.push(replayFrame(message, since));
        }
        replayed = replay.messages.length;
        replayMessages.observe(replayed);
      } else if (replay) {
        replayResyncs.inc({ reason: replay.reason });
        sendFrame(client, 'resync', { reason: replay.reason });
      }
      sendFrame(client, 'joined', {
        workspaceId,
        userId: client.userId,
        replayed,
        ...(onlineCount === undefined ? {} : { onlineCount }),
      });
    } finally {
      const held = client.held ?? [];
      client.held = null;
      for (const h of held)
        if (!h.messageId || !seen.has(h.messageId)) client.queue.push(h.frame, h.droppable, h.sentAt);
    }
  }
}
