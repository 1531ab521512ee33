import { Injectable, Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { BusClient, DomainError, parseClientInput } from '@teamchat/bus';
import {
  ChatContracts,
  ClientFrameSchemas,
  encodeServerFrame,
  ErrorCodes,
  MessageInputShape,
  type ClientFrameType,
} from '@teamchat/contracts';
import { inSpan, rootContext, SpanKind } from '@teamchat/observability';
import { sendError, sendFrame, type Client } from './client.js';
import { SocketConnections } from './connections.js';
import { Delivery } from './delivery.js';
import { JoinHandler } from './join.js';
import { MessageRelay } from './message-relay.service.js';
import { PresenceSubscriptions } from './presence-subscriptions.js';

export const SPOOFED_USER_MESSAGE = 'userId does not match the signed-in user';
export const JOIN_FIRST_MESSAGE = 'Send a join frame first';
export const UNKNOWN_FRAME_MESSAGE = 'Unknown frame type';
export const INVALID_FRAME_MESSAGE = 'Frames must be JSON objects with a type';
export const TOO_MANY_FRAMES_MESSAGE = 'Too many frames at once; slow down';

/**
 * Frames of one socket are handled in order per channel (a join in order with everything); past this many waiting,
 * further frames are refused.
 */
const MAX_PENDING_FRAMES = 100;
const CHANNEL_ACCESS_TTL_MS = 60_000;
/** The lane of `presence_subscribe` frames: in order with each other, after the last join, waiting for no channel. */
const PRESENCE_LANE = 'presence';

/** The channel a raw `message` or `typing` frame names (its lane), or '' when it names none. */
const laneOf = (data: unknown): string => {
  const channelId = typeof data === 'object' && data !== null ? (data as { channelId?: unknown }).channelId : undefined;
  return typeof channelId === 'string' ? channelId : '';
};

/** The `clientMsgId` of a raw `message` frame, when it is one the schema accepts (even if the rest of the frame is not). */
const clientMsgIdOf = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const parsed = MessageInputShape.clientMsgId.safeParse((data as { clientMsgId?: unknown }).clientMsgId);
  return parsed.success && parsed.data ? parsed.data : undefined;
};

/**
 * The one place client frames are routed (the socket adapter hands every parsed frame here): each frame is checked
 * against the session's user and handled by its type — `join` (JoinHandler), `message` (stored, then fanned out by
 * MessageRelay), `typing` (to the channel's audience but the typist), `presence_subscribe` (PresenceSubscriptions) —
 * in order per channel, while another channel's frames do not wait for it.
 */
@Injectable()
export class FrameRouter {
  private readonly logger = new Logger(FrameRouter.name);

  constructor(
    private readonly connections: SocketConnections,
    private readonly joins: JoinHandler,
    private readonly relay: MessageRelay,
    private readonly delivery: Delivery,
    private readonly bus: BusClient,
    private readonly subscriptions: PresenceSubscriptions,
  ) {}

  /**
   * A frame from a socket, routed by its `type`; handled after the socket's earlier frames. Whatever refuses a
   * `message` frame, its error frame carries the frame's `clientMsgId` (when it had a usable one), so the sender marks
   * that message failed at once instead of waiting for an echo that will never come.
   */
  receive(socket: WebSocket, type: ClientFrameType | 'unknown' | 'invalid', data: unknown): void {
    const client = this.connections.get(socket);
    if (!client) return;
    const clientMsgId = type === 'message' ? clientMsgIdOf(data) : undefined;
    if (client.pending >= MAX_PENDING_FRAMES)
      return sendError(client, ErrorCodes.rateLimited, TOO_MANY_FRAMES_MESSAGE, clientMsgId);
    client.pending++;
    this.connections.took();
    const run = () =>
      // each frame is a trace of its own: its bus calls, the message's store and fan-out are its children
      inSpan(
        `ws ${type}`,
        { kind: SpanKind.SERVER, parent: rootContext, attributes: { 'teamchat.ws.frame': type } },
        () => this.handle(client, type, data, clientMsgId),
      )
        .catch((err: unknown) => {
          if (err instanceof DomainError) return sendError(client, err.code, err.message, clientMsgId);
          this.logger.error(`frame ${type} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          sendError(client, ErrorCodes.internal, 'Internal error', clientMsgId);
        })
        .finally(() => {
          client.pending--;
          this.connections.handled();
        });
    const lane =
      type === 'message' || type === 'typing' ? laneOf(data) : type === 'presence_subscribe' ? PRESENCE_LANE : null;
    if (lane === null) {
      // a join (or a frame that is not one) waits for everything before it, and everything after waits for it
      const before = client.lanes ? Promise.all([client.tail, ...client.lanes.values()]) : client.tail;
      client.lanes = null;
      client.tail = before.then(run);
      return;
    }
    // a channel's frames in order, after the last join; another channel's do not wait for them
    const lanes = (client.lanes ??= new Map());
    const next = (lanes.get(lane) ?? client.tail).then(run);
    lanes.set(lane, next);
    void next.then(() => {
      if (client.lanes?.get(lane) === next) client.lanes?.delete(lane);
    });
  }

  private async handle(
    client: Client,
    type: ClientFrameType | 'unknown' | 'invalid',
    data: unknown,
    clientMsgId: string | undefined,
  ): Promise<void> {
    if (type === 'invalid') return sendError(client, ErrorCodes.validation, INVALID_FRAME_MESSAGE);
    if (type === 'unknown') return sendError(client, ErrorCodes.validation, UNKNOWN_FRAME_MESSAGE);
    // the rules of every client input (control characters, then the frame's schema); a refusal is a DomainError,
    // which `receive` turns into an error frame carrying the message's clientMsgId
    const frame = parseClientInput(ClientFrameSchemas[type], data);
    // a subscription names no user of its own: it is the socket's
    if (frame.type !== 'presence_subscribe' && frame.userId !== client.userId)
      return sendError(client, ErrorCodes.forbidden, SPOOFED_USER_MESSAGE, clientMsgId);
    switch (frame.type) {
      case 'join':
        return this.joins.join(client, frame);
      case 'message':
        return this.message(client, frame, clientMsgId);
      case 'typing':
        return this.typing(client, frame);
      case 'presence_subscribe':
        if (!client.workspaceId) return sendError(client, ErrorCodes.validation, JOIN_FIRST_MESSAGE);
        return this.subscriptions.replace(client, client.workspaceId, frame.userIds);
    }
  }

  private async message(
    client: Client,
    frame: z.output<typeof ClientFrameSchemas.message>,
    clientMsgId: string | undefined,
  ): Promise<void> {
    if (!client.workspaceId) return sendError(client, ErrorCodes.validation, JOIN_FIRST_MESSAGE, clientMsgId);
    // the frame's message fields pass on whole (a field added to the contract needs no copy here)
    const { type: _type, userId: _userId, username: _username, ...input } = frame;
    const result = await this.relay.create({ userId: client.userId, workspaceId: client.workspaceId }, input);
    // a repeated clientMsgId: only the sender (who evidently missed it) gets the stored message again
    if (!result.created) sendFrame(client, 'message', { message: result.message });
  }

  private async typing(client: Client, frame: z.output<typeof ClientFrameSchemas.typing>): Promise<void> {
    const workspaceId = client.workspaceId;
    if (!workspaceId) return sendError(client, ErrorCodes.validation, JOIN_FIRST_MESSAGE);
    const userIds = await this.audienceOf(client, workspaceId, frame.channelId);
    await this.delivery.publish(workspaceId, {
      userIds,
      exceptUserId: client.userId,
      droppable: true,
      channelId: frame.channelId,
      frame: encodeServerFrame('typing', {
        channelId: frame.channelId,
        userId: client.userId,
        username: client.username,
        isTyping: frame.isTyping,
        // absent for the channel itself (JSON leaves it out), so clients that know no threads read it as before
        threadId: frame.threadId,
      }),
    });
  }

  /** Who hears a channel (null: the whole workspace), if this user may use it; remembered for a minute. */
  private async audienceOf(client: Client, workspaceId: string, channelId: string): Promise<string[] | null> {
    const cached = client.channels?.get(channelId);
    if (cached && cached.expires > Date.now()) return cached.userIds;
    const access = await this.bus.request(ChatContracts.channelAccess, {
      actor: { userId: client.userId, workspaceId },
      channelId,
    });
    client.channels ??= new Map();
    if (client.channels.size > 500) client.channels.clear();
    client.channels.set(channelId, { userIds: access.audience.userIds, expires: Date.now() + CHANNEL_ACCESS_TTL_MS });
    return access.audience.userIds;
  }
}
