import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { BusClient, DomainError, parseClientInput } from '@teamchat/bus';
import {
  ChatContracts,
  ClientFrameSchemas,
  encodeServerFrame,
  ErrorCodes,
  MessageInputShape,
  type BroadcastFrame,
  type Message,
  type ClientFrameType,
  type ServerFrameMap,
  type ServerFrameType,
} from '@teamchat/contracts';
import {
  inSpan,
  replayMessages,
  replayResyncs,
  rootContext,
  SpanKind,
  wsFramesPending,
  wsReadPauses,
} from '@teamchat/observability';
import { SocketEvictions } from './socket-evictions.js';
import { ActorService } from '../auth/actor.service.js';
import { FANOUT, type Envelope, type Fanout } from './fanout/fanout.js';
import { PRESENCE_STORE, type PresenceChange, type PresenceStore } from './fanout/presence.store.js';
import { Heartbeat } from './heartbeat.js';
import { SendQueue, type TextFrame } from './send-queue.js';
import { DEFAULT_REALTIME_OPTIONS, REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';
import { changeFrame, MessageRelay } from './message-relay.service.js';

export const SPOOFED_USER_MESSAGE = 'userId does not match the signed-in user';
export const JOIN_FIRST_MESSAGE = 'Send a join frame first';
export const UNKNOWN_FRAME_MESSAGE = 'Unknown frame type';
export const INVALID_FRAME_MESSAGE = 'Frames must be JSON objects with a type';
export const NO_WORKSPACE_MESSAGE = 'No active workspace';
export const TOO_MANY_FRAMES_MESSAGE = 'Too many frames at once; slow down';

/**
 * Frames of one socket are handled in order per channel (a join in order with everything); past this many waiting,
 * further frames are refused.
 */
const MAX_PENDING_FRAMES = 100;
const CHANNEL_ACCESS_TTL_MS = 60_000;
/** Where every socket's frame chain starts. */
const SETTLED = Promise.resolve();

/** The `clientMsgId` of a raw `message` frame, when it is one the schema accepts (even if the rest of the frame is not). */
/**
 * How a replayed message reaches a socket that last saw `since`: one created after it is new (`message`), one the
 * socket may already hold is a change (see changeFrame).
 */
export const replayFrame = (message: Message, since: number): string =>
  Date.parse(message.createdAt) > since && !message.deleted
    ? encodeServerFrame('message', { message })
    : changeFrame(message);

/** The channel a raw `message` or `typing` frame names (its lane), or '' when it names none. */
const laneOf = (data: unknown): string => {
  const channelId = typeof data === 'object' && data !== null ? (data as { channelId?: unknown }).channelId : undefined;
  return typeof channelId === 'string' ? channelId : '';
};

const clientMsgIdOf = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const parsed = MessageInputShape.clientMsgId.safeParse((data as { clientMsgId?: unknown }).clientMsgId);
  return parsed.success && parsed.data ? parsed.data : undefined;
};

interface Held {
  frame: TextFrame;
  droppable: boolean;
  messageId?: string;
  sentAt?: number;
}

/** One open socket. */
interface Client {
  socket: WebSocket;
  userId: string;
  username: string;
  workspaceId: string | null;
  queue: SendQueue;
  /** The last join (or frame of no channel): every later frame starts after it. */
  tail: Promise<void>;
  /** The last frame of each channel with frames under way (made on the first one). */
  lanes: Map<string, Promise<void>> | null;
  pending: number;
  alive: boolean;
  /** While a join replays history, live frames wait here so they follow the replay without duplicates. */
  held: Held[] | null;
  /** The channels this socket sent to lately and who hears them; made on the first send (most sockets only listen). */
  channels: Map<string, { userIds: string[] | null; expires: number }> | null;
}

/**
 * The live socket's rules (spec 2 §7, DESIGN §6): join with an optional `since` (replay or resync), messages stored
 * before they are fanned out, typing to everyone but the typist, presence on a user's first and last socket, every
 * frame checked against the session's user and the channels they may use.
 */
@Injectable()
export class RealtimeHub implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly clients = new Map<WebSocket, Client>();
  /** Message ids this node delivered lately: a repeated fan-out of one of them is dropped. */
  private readonly delivered = new LRUCache<string, true>({ max: 20_000, ttl: 10 * 60_000 });
  private readonly byWorkspace = new Map<string, Set<Client>>();
  /** Pings every socket once per interval, a slice of them each second (see Heartbeat). */
  private readonly heartbeat: Heartbeat<Client>;
  /** Frames of every socket received and not yet handled (see RealtimeOptions.maxPendingFrames). */
  private pending = 0;
  /** Whether this node stopped reading its sockets until its pending frames halve. */
  private reading = true;
  /** Presence counts of sockets that left, each released when its grace ends (see RealtimeOptions.presenceGraceMs). */
  private readonly lingering = new Map<NodeJS.Timeout, () => Promise<void>>();

  constructor(
    private readonly bus: BusClient,
    private readonly relay: MessageRelay,
    private readonly evictions: SocketEvictions,
    private readonly actors: ActorService,
    @Inject(FANOUT) private readonly fanout: Fanout,
    @Inject(PRESENCE_STORE) private readonly presence: PresenceStore,
    @Optional() @Inject(REALTIME_OPTIONS) private readonly options: RealtimeOptions = DEFAULT_REALTIME_OPTIONS,
  ) {
    // a pong waits unread while the node holds off reading: no socket is taken for gone meanwhile
    this.heartbeat = new Heartbeat(
      options.heartbeatMs,
      (client) => this.ping(client),
      () => this.reading,
    );
  }

  async onModuleInit(): Promise<void> {
    this.fanout.onEnvelope((workspaceId, envelope) => this.deliver(workspaceId, envelope));
    this.fanout.onInterrupted((workspaceIds) => {
      const resync = encodeServerFrame('resync', { reason: 'delivery-interrupted' });
      for (const workspaceId of workspaceIds) this.deliver(workspaceId, { origin: '', userIds: null, frame: resync });
    });
    // the eviction closes the sockets; dropping them from the workspace first stops frames already on their way
    this.evictions.onEvict(({ userId, workspaceId }) => {
      for (const client of [...(this.byWorkspace.get(workspaceId) ?? [])]) {
        if (client.userId === userId) void this.leaveWorkspace(client, 'now');
      }
    });
    this.heartbeat.start();
    // users of a node that died without a clean shutdown, found when its presence counts expire
    this.presence.onChange((changes) => this.announce(changes));
    await this.presence.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.heartbeat.stop();
    // release this node's presence counts while Redis is still connected, announcing its users offline at once
    await Promise.allSettled([...this.clients.values()].map((c) => this.leaveWorkspace(c, 'now')));
    const lingering = [...this.lingering];
    this.lingering.clear();
    await Promise.allSettled(
      lingering.map(([timer, release]) => {
        clearTimeout(timer);
        return release();
      }),
    );
    await this.presence.close().catch((err: unknown) => this.logger.warn(`presence close failed: ${String(err)}`));
    await this.fanout.close();
  }

  get connected(): number {
    return this.clients.size;
  }

  /** False while this node holds off reading its sockets (too many of their frames are waiting). */
  get readingSockets(): boolean {
    return this.reading;
  }

  connect(socket: WebSocket, userId: string): void {
    const client: Client = {
      socket,
      userId,
      username: '',
      workspaceId: null,
      queue: new SendQueue(socket, this.options.sendLimits),
      tail: SETTLED,
      lanes: null,
      pending: 0,
      alive: true,
      held: null,
      channels: null,
    };
    socket.on('pong', () => {
      client.alive = true;
    });
    this.clients.set(socket, client);
    this.heartbeat.add(client);
    if (!this.reading) socket.pause();
  }

  /** True when the socket was known. */
  disconnect(socket: WebSocket): boolean {
    const client = this.clients.get(socket);
    if (!client) return false;
    this.clients.delete(socket);
    this.heartbeat.delete(client);
    void this.leaveWorkspace(client);
    return true;
  }

  /**
   * A frame from a socket, routed by its `type`; handled after the socket's earlier frames. Whatever refuses a
   * `message` frame, its error frame carries the frame's `clientMsgId` (when it had a usable one), so the sender marks
   * that message failed at once instead of waiting for an echo that will never come.
   */
  receive(socket: WebSocket, type: ClientFrameType | 'unknown' | 'invalid', data: unknown): void {
    const client = this.clients.get(socket);
    if (!client) return;
    const clientMsgId = type === 'message' ? clientMsgIdOf(data) : undefined;
    if (client.pending >= MAX_PENDING_FRAMES)
      return this.sendError(client, ErrorCodes.rateLimited, TOO_MANY_FRAMES_MESSAGE, clientMsgId);
    client.pending++;
    this.took();
    const run = () =>
      // each frame is a trace of its own: its bus calls, the message's store and fan-out are its children
      inSpan(
        `ws ${type}`,
        { kind: SpanKind.SERVER, parent: rootContext, attributes: { 'teamchat.ws.frame': type } },
        () => this.handle(client, type, data, clientMsgId),
      )
        .catch((err: unknown) => {
          if (err instanceof DomainError) return this.sendError(client, err.code, err.message, clientMsgId);
          this.logger.error(`frame ${type} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          this.sendError(client, ErrorCodes.internal, 'Internal error', clientMsgId);
        })
        .finally(() => {
          client.pending--;
          this.handled();
        });
    const lane = type === 'message' || type === 'typing' ? laneOf(data) : null;
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

  /** A frame a service asked to push to a workspace (every node delivers it to its own sockets there). */
  async broadcast(workspaceId: string, frame: BroadcastFrame, userIds?: string[]): Promise<void> {
    await this.fanout.publish(workspaceId, {
      userIds: userIds ?? null,
      frame: JSON.stringify(frame),
      ...(frame.type === 'message' ? { messageId: frame.message.id } : {}),
    });
  }

  /** Closes every socket with 1001 (going away) so clients reconnect to another node. */
  closeAll(): void {
    for (const socket of this.clients.keys()) socket.close(1001, 'Server shutting down');
  }

  private async handle(
    client: Client,
    type: ClientFrameType | 'unknown' | 'invalid',
    data: unknown,
    clientMsgId: string | undefined,
  ): Promise<void> {
    if (type === 'invalid') return this.sendError(client, ErrorCodes.validation, INVALID_FRAME_MESSAGE);
    if (type === 'unknown') return this.sendError(client, ErrorCodes.validation, UNKNOWN_FRAME_MESSAGE);
    // the rules of every client input (control characters, then the frame's schema); a refusal is a DomainError,
    // which `receive` turns into an error frame carrying the message's clientMsgId
    const frame = parseClientInput(ClientFrameSchemas[type], data);
    if (frame.userId !== client.userId)
      return this.sendError(client, ErrorCodes.forbidden, SPOOFED_USER_MESSAGE, clientMsgId);
    switch (frame.type) {
      case 'join':
        return this.join(client, frame);
      case 'message':
        return this.message(client, frame, clientMsgId);
      case 'typing':
        return this.typing(client, frame);
    }
  }

  private async join(client: Client, frame: z.output<typeof ClientFrameSchemas.join>): Promise<void> {
    const resolved = await this.actors.ofUser(client.userId);
    if (!resolved) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
    const { user, actor: current } = resolved;
    client.username = user.username;
    if (!current.workspaceId) {
      await this.leaveWorkspace(client);
      return this.sendError(client, ErrorCodes.noWorkspace, NO_WORKSPACE_MESSAGE);
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
          ? (await this.enterWorkspace(client, workspaceId)).online
          : this.presence.online(workspaceId);
      const replaying =
        frame.since === undefined || frame.since === null
          ? undefined
          : this.bus
              .request(ChatContracts.replay, { actor: { userId: client.userId, workspaceId }, since: frame.since })
              .catch((err: unknown) => {
                this.logger.warn(`replay failed: ${String(err)}`);
                return { status: 'resync' as const, reason: 'delivery-interrupted' as const };
              });
      const snapshot = reading.catch((err: unknown) => {
        this.logger.warn(`presence count or snapshot failed: ${String(err)}`);
        return undefined;
      });
      const [replay, online] = await Promise.all([replaying, snapshot]);
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
        this.send(client, 'resync', { reason: replay.reason });
      }
      this.send(client, 'joined', { workspaceId, userId: client.userId, replayed, ...(online ? { online } : {}) });
    } finally {
      const held = client.held ?? [];
      client.held = null;
      for (const h of held)
        if (!h.messageId || !seen.has(h.messageId)) client.queue.push(h.frame, h.droppable, h.sentAt);
    }
  }

  private async message(
    client: Client,
    frame: z.output<typeof ClientFrameSchemas.message>,
    clientMsgId: string | undefined,
  ): Promise<void> {
    if (!client.workspaceId) return this.sendError(client, ErrorCodes.validation, JOIN_FIRST_MESSAGE, clientMsgId);
    const result = await this.relay.create(
      { userId: client.userId, workspaceId: client.workspaceId },
      {
        channelId: frame.channelId,
        content: frame.content,
        imageUrl: frame.imageUrl,
        fileUrl: frame.fileUrl,
        clientMsgId: frame.clientMsgId,
        threadId: frame.threadId,
        alsoInChannel: frame.alsoInChannel,
      },
    );
    // a repeated clientMsgId: only the sender (who evidently missed it) gets the stored message again
    if (!result.created) this.send(client, 'message', { message: result.message });
  }

  private async typing(client: Client, frame: z.output<typeof ClientFrameSchemas.typing>): Promise<void> {
    const workspaceId = client.workspaceId;
    if (!workspaceId) return this.sendError(client, ErrorCodes.validation, JOIN_FIRST_MESSAGE);
    const userIds = await this.audienceOf(client, workspaceId, frame.channelId);
    await this.fanout.publish(workspaceId, {
      userIds,
      exceptUserId: client.userId,
      droppable: true,
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

  /**
   * Joins the workspace's fan-out; resolves once subscribed, with this socket's presence count under way in `online`
   * (the workspace's online users once counted; a user who just came online is announced meanwhile, not awaited).
   */
  private async enterWorkspace(client: Client, workspaceId: string): Promise<{ online: Promise<string[]> }> {
    await this.leaveWorkspace(client);
    client.workspaceId = workspaceId;
    client.channels = null;
    const members = this.byWorkspace.get(workspaceId) ?? new Set<Client>();
    this.byWorkspace.set(workspaceId, members);
    members.add(client);
    this.evictions.track(client.socket, client.userId, workspaceId);
    await this.fanout.subscribe(workspaceId);
    const online = this.presence.connect(workspaceId, client.userId).then(({ first, online }) => {
      if (first) void this.publishPresence(workspaceId, client.userId, 'online');
      return online;
    });
    return { online };
  }

  /**
   * Takes the socket out of its workspace's fan-out at once. Its presence count goes `now` (a removed member, a
   * stopping node) or once the grace has passed: the user's reconnect within it counts a second socket, not a first,
   * so no one sees them go offline and come back; after it, the last socket's release announces them offline.
   */
  private async leaveWorkspace(client: Client, presence: 'now' | 'after-grace' = 'after-grace'): Promise<void> {
    const workspaceId = client.workspaceId;
    if (!workspaceId) return;
    client.workspaceId = null;
    const members = this.byWorkspace.get(workspaceId);
    members?.delete(client);
    if (members?.size === 0) this.byWorkspace.delete(workspaceId);
    await this.fanout.unsubscribe(workspaceId);
    const userId = client.userId;
    const release = () => this.releasePresence(workspaceId, userId);
    if (presence === 'now' || this.options.presenceGraceMs <= 0) return release();
    const timer = setTimeout(() => {
      this.lingering.delete(timer);
      void release();
    }, this.options.presenceGraceMs).unref();
    this.lingering.set(timer, release);
  }

  /** Counts one socket of the user less in the workspace, announcing them offline when it was their last. */
  private async releasePresence(workspaceId: string, userId: string): Promise<void> {
    if (await this.presence.disconnect(workspaceId, userId).catch(() => false)) {
      await this.publishPresence(workspaceId, userId, 'offline');
    }
  }

  private async announce(changes: PresenceChange[]): Promise<void> {
    await Promise.all(changes.map((c) => this.publishPresence(c.workspaceId, c.userId, c.status)));
  }

  private publishPresence(workspaceId: string, userId: string, status: 'online' | 'offline'): Promise<void> {
    return this.fanout
      .publish(workspaceId, { userIds: null, frame: encodeServerFrame('presence', { userId, status }) })
      .catch((err: unknown) => this.logger.warn(`presence publish failed: ${String(err)}`));
  }

  /** An envelope for this node: to every local socket of the workspace in its audience. */
  private deliver(workspaceId: string, envelope: Envelope): void {
    const members = this.byWorkspace.get(workspaceId);
    if (!members) return;
    // a message fanned out again (a client's retry, see MessageRelay) reaches no socket of this node twice
    if (envelope.messageId) {
      if (this.delivered.has(envelope.messageId)) return;
      this.delivered.set(envelope.messageId, true);
    }
    // encoded once for every socket it goes to, not by each socket's write
    let frame: TextFrame | undefined;
    for (const client of members) {
      if (envelope.userIds && !envelope.userIds.includes(client.userId)) continue;
      if (envelope.exceptUserId === client.userId) continue;
      frame ??= Buffer.from(envelope.frame);
      if (client.held)
        client.held.push({
          frame,
          droppable: !!envelope.droppable,
          messageId: envelope.messageId,
          sentAt: envelope.sentAt,
        });
      else client.queue.push(frame, envelope.droppable, envelope.sentAt);
    }
  }

  /** The single way a frame is sent to one socket: typed by its type. */
  private send<K extends ServerFrameType>(client: Client, type: K, payload: ServerFrameMap[K]): void {
    client.queue.push(encodeServerFrame(type, payload));
  }

  private sendError(client: Client, code: string, message: string, clientMsgId?: string): void {
    this.send(client, 'error', { code, message, ...(clientMsgId ? { clientMsgId } : {}) });
  }

  /**
   * One more frame waiting. At the bound the node stops reading every socket: their frames wait in TCP buffers and
   * their senders slow down, rather than frames being refused.
   */
  private took(): void {
    wsFramesPending.set(++this.pending);
    if (!this.reading || this.pending < this.options.maxPendingFrames) return;
    this.reading = false;
    wsReadPauses.inc();
    this.logger.warn(`${this.pending} frames waiting: reading no socket until half are handled`);
    for (const socket of this.clients.keys()) socket.pause();
  }

  private handled(): void {
    wsFramesPending.set(--this.pending);
    if (this.reading || this.pending > this.options.maxPendingFrames / 2) return;
    this.reading = true;
    for (const socket of this.clients.keys()) socket.resume();
  }

  /**
   * A socket that answered no ping since its last one is gone (its TCP connection died without a close): terminated;
   * any other is pinged.
   */
  private ping(client: Client): void {
    if (!client.alive) {
      client.socket.terminate();
      return;
    }
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.alive = false;
    client.socket.ping();
  }
}
