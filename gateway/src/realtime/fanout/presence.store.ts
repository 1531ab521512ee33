import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

export interface PresenceChange {
  workspaceId: string;
  userId: string;
  status: 'online' | 'offline';
}

export interface Connected {
  first: boolean;
  /** How many users of the workspace are online now, this one included. */
  count: number;
}

export type PresenceChangeHandler = (changes: PresenceChange[]) => Promise<void> | void;

/**
 * Open sockets per user and workspace across every gateway node, so presence changes only on a user's first socket
 * and their last one, wherever those are connected.
 */
export interface PresenceStore {
  /**
   * Counts one more socket. Says whether it is the user's first in the workspace, and how many are online there now
   * (this user included), read in the same step: a join needs both, and a second round trip would be one more wait
   * on every connect.
   */
  connect(workspaceId: string, userId: string): Promise<Connected>;
  /** Counts one socket less; true when it was the user's last in the workspace. */
  disconnect(workspaceId: string, userId: string): Promise<boolean>;
  /** Everyone online in the workspace (proportional to its size: for tests and tools, not for a socket). */
  online(workspaceId: string): Promise<string[]>;
  /** Which of these users are online in the workspace. */
  onlineOf(workspaceId: string, userIds: readonly string[]): Promise<string[]>;
  /** How many users are online in the workspace. */
  count(workspaceId: string): Promise<number>;
  /**
   * Changes the store finds by itself, for PresenceTracker to announce: users of a gateway node that died without a clean
   * shutdown going offline, or this node's users coming back after it was taken for dead.
   */
  onChange(handler: PresenceChangeHandler): void;
  /** Registers this node (resolving once done, or once it failed and was logged) and keeps its counts alive. */
  start(): Promise<void>;
  /** Clean shutdown, once SocketConnections released its sockets: whatever this node still counts is removed and reported. */
  close(): Promise<void>;
}

export const PRESENCE_STORE = Symbol('PRESENCE_STORE');

export const DEFAULT_PRESENCE_TTL_MS = 30_000;

// Keys under `<namespace>tc:presence:`:
//   <workspaceId>      hash userId → sockets on the live nodes (what `online` reads)
//   node:<nodeId>      hash "<workspaceId>:<userId>" → sockets on that node (its share of the counts above)
//   nodes              sorted set nodeId → deadline (Redis clock, ms): a node is dead once its deadline has passed
// A node renews its deadline by a heartbeat. Every node's heartbeat also reaps dead nodes: their shares are taken out
// of the counts, and users left with no socket anywhere are reported offline. Each script runs atomically, so a dead
// node is reaped once, and a node's own updates either land before it is reaped or find it gone.

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const SPLIT = `local function split(field)
  local cut = string.find(field, ':', 1, true)
  return string.sub(field, 1, cut - 1), string.sub(field, cut + 1)
end`;

/**
 * KEYS: nodes, node hash, workspace hash; ARGV: nodeId, field, userId. The user's sockets and how many users of the
 * workspace are online, or 'unregistered'.
 */
const CONNECT = `if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 'unregistered' end
redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
local n = redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
return { n, redis.call('HLEN', KEYS[3]) }`;

/** KEYS/ARGV as CONNECT. The user's sockets left, or 'unregistered'. */
const DISCONNECT = `if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 'unregistered' end
local mine = redis.call('HINCRBY', KEYS[2], ARGV[2], -1)
if mine <= 0 then redis.call('HDEL', KEYS[2], ARGV[2]) end
if mine < 0 then return tonumber(redis.call('HGET', KEYS[3], ARGV[3]) or '0') end
local n = redis.call('HINCRBY', KEYS[3], ARGV[3], -1)
if n <= 0 then redis.call('HDEL', KEYS[3], ARGV[3]) end
return n`;

/** KEYS: nodes; ARGV: nodeId, ttlMs. 1, or 0 when the node is not registered (new, or reaped). */
const HEARTBEAT = `if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
${NOW_MS}
redis.call('ZADD', KEYS[1], string.format('%.0f', now + tonumber(ARGV[2])), ARGV[1])
return 1`;

/**
 * KEYS: nodes, node hash; ARGV: nodeId, ttlMs, prefix, then field, count pairs: every socket this node has. Registers
 * the node and makes its share match those counts. Returns status, workspaceId, userId triples of changed users.
 */
const SYNC = `${NOW_MS}
${SPLIT}
redis.call('ZADD', KEYS[1], string.format('%.0f', now + tonumber(ARGV[2])), ARGV[1])
local wanted = {}
for i = 4, #ARGV, 2 do wanted[ARGV[i]] = tonumber(ARGV[i + 1]) end
local held = redis.call('HGETALL', KEYS[2])
for i = 1, #held, 2 do
  if not wanted[held[i]] then wanted[held[i]] = 0 end
end
local changed = {}
for field, want in pairs(wanted) do
  local diff = want - tonumber(redis.call('HGET', KEYS[2], field) or '0')
  if diff ~= 0 then
    if want > 0 then redis.call('HSET', KEYS[2], field, want) else redis.call('HDEL', KEYS[2], field) end
    local workspaceId, userId = split(field)
    local key = ARGV[3] .. workspaceId
    local n = redis.call('HINCRBY', key, userId, diff)
    if n <= 0 then redis.call('HDEL', key, userId) end
    if n > 0 and n - diff <= 0 then
      table.insert(changed, 'online'); table.insert(changed, workspaceId); table.insert(changed, userId)
    elseif n <= 0 and n - diff > 0 then
      table.insert(changed, 'offline'); table.insert(changed, workspaceId); table.insert(changed, userId)
    end
  end
end
return changed`;

/**
 * KEYS: nodes; ARGV: prefix, nodeId (or '' for every node whose deadline has passed, a few at a time). Takes the
 * nodes' shares out of the counts and forgets them. Returns workspaceId, userId pairs of users left with no socket.
 */
const REAP = `${NOW_MS}
${SPLIT}
local nodes
if ARGV[2] ~= '' then nodes = { ARGV[2] }
else nodes = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', string.format('(%.0f', now), 'LIMIT', 0, 20) end
local gone = {}
for _, node in ipairs(nodes) do
  redis.call('ZREM', KEYS[1], node)
  local nodeKey = ARGV[1] .. 'node:' .. node
  local held = redis.call('HGETALL', nodeKey)
  for i = 1, #held, 2 do
    local workspaceId, userId = split(held[i])
    local key = ARGV[1] .. workspaceId
    local n = redis.call('HINCRBY', key, userId, -tonumber(held[i + 1]))
    if n <= 0 then
      redis.call('HDEL', key, userId)
      table.insert(gone, workspaceId); table.insert(gone, userId)
    end
  end
  redis.call('DEL', nodeKey)
end
return gone`;

/**
 * Every this many heartbeats the node's share is synced to its tally even when nothing seemed to go wrong, so a count
 * a lost connection left wrong (a command run but its reply lost, then sent again) heals.
 */
const SYNC_EVERY_BEATS = 10;

export interface RedisPresenceOptions {
  /** How long a node's counts outlive its last heartbeat; it beats every third of that. */
  ttlMs?: number;
}

/**
 * Presence counts in Redis for several gateway nodes, robust to a node that dies without a clean shutdown: its share
 * of the counts expires with its heartbeat, and whichever node reaps it announces the users it leaves offline.
 * A node that was only late (taken for dead, then heartbeating again) puts its sockets back from its own tally.
 */
export class RedisPresenceStore implements PresenceStore {
  readonly nodeId = randomUUID();
  readonly ttlMs: number;
  private readonly logger = new Logger(RedisPresenceStore.name);
  private readonly prefix: string;
  private readonly nodesKey: string;
  private readonly nodeKey: string;
  /** This node's sockets per "<workspaceId>:<userId>": the truth its share in Redis is synced to. */
  private readonly mine = new Map<string, number>();
  private handler: PresenceChangeHandler = () => undefined;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;
  /** A count update failed: Redis may not match `mine` until the next sync. */
  private dirty = false;
  private beats = 0;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    namespace = '',
    options: RedisPresenceOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_PRESENCE_TTL_MS;
    this.prefix = `${namespace}tc:presence:`;
    this.nodesKey = `${this.prefix}nodes`;
    this.nodeKey = `${this.prefix}node:${this.nodeId}`;
  }

  onChange(handler: PresenceChangeHandler): void {
    this.handler = handler;
  }

  start(): Promise<void> {
    if (this.timer || this.closed) return Promise.resolve();
    this.timer = setInterval(() => void this.heartbeat(), Math.max(1, Math.floor(this.ttlMs / 3))).unref();
    return this.heartbeat();
  }

  /** Renews this node (registering it again if it was taken for dead), then reaps nodes that stopped beating. */
  heartbeat(): Promise<void> {
    this.beating ??= this.beat().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  async connect(workspaceId: string, userId: string): Promise<Connected> {
    if (this.closed) return { first: false, count: 0 };
    const field = `${workspaceId}:${userId}`;
    this.mine.set(field, (this.mine.get(field) ?? 0) + 1);
    const reply = await this.update<[number, number]>(CONNECT, workspaceId, field, userId);
    if (reply !== 'unregistered') return { first: Number(reply[0]) === 1, count: Number(reply[1]) };
    // taken for dead (or not registered yet): register with every socket, this one included
    const changes = await this.sync();
    const first = changes.some((c) => c.status === 'online' && c.workspaceId === workspaceId && c.userId === userId);
    await this.report(changes.filter((c) => c.workspaceId !== workspaceId || c.userId !== userId));
    return { first, count: await this.count(workspaceId) };
  }

  async disconnect(workspaceId: string, userId: string): Promise<boolean> {
    if (this.closed) return false;
    const field = `${workspaceId}:${userId}`;
    const left = (this.mine.get(field) ?? 0) - 1;
    if (left > 0) this.mine.set(field, left);
    else this.mine.delete(field);
    const n = await this.update<number>(DISCONNECT, workspaceId, field, userId);
    if (n !== 'unregistered') return Number(n) <= 0;
    // taken for dead: the reaper already announced this user if this was their last socket; the others come back
    await this.report(await this.sync());
    return false;
  }

  online(workspaceId: string): Promise<string[]> {
    return this.redis.hkeys(`${this.prefix}${workspaceId}`);
  }

  async onlineOf(workspaceId: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const counts = await this.redis.hmget(`${this.prefix}${workspaceId}`, ...userIds);
    return userIds.filter((_, i) => Number(counts[i] ?? 0) > 0);
  }

  count(workspaceId: string): Promise<number> {
    return this.redis.hlen(`${this.prefix}${workspaceId}`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.beating?.catch(() => undefined);
    this.mine.clear();
    // normally nothing is left (every socket was released at shutdown); whatever is, is released now rather than at expiry
    const gone = (await this.redis.eval(REAP, 1, this.nodesKey, this.prefix, this.nodeId)) as string[];
    await this.report(pairsOf(gone));
  }

  private async update<Reply>(
    script: string,
    workspaceId: string,
    field: string,
    userId: string,
  ): Promise<Reply | 'unregistered'> {
    try {
      return (await this.redis.eval(
        script,
        3,
        this.nodesKey,
        this.nodeKey,
        `${this.prefix}${workspaceId}`,
        this.nodeId,
        field,
        userId,
      )) as Reply | 'unregistered';
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }

  private async sync(): Promise<PresenceChange[]> {
    this.dirty = false;
    // the tally is read when the script is sent: updates sent before it are in both, updates sent after it in neither
    const counts = [...this.mine].flatMap(([field, n]) => [field, String(n)]);
    try {
      const changed = (await this.redis.eval(
        SYNC,
        2,
        this.nodesKey,
        this.nodeKey,
        this.nodeId,
        this.ttlMs,
        this.prefix,
        ...counts,
      )) as string[];
      const changes: PresenceChange[] = [];
      for (let i = 0; i + 2 < changed.length; i += 3) {
        changes.push({
          status: changed[i] as PresenceChange['status'],
          workspaceId: changed[i + 1],
          userId: changed[i + 2],
        });
      }
      return changes;
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }

  private async beat(): Promise<void> {
    if (this.closed) return;
    try {
      const alive = Number(await this.redis.eval(HEARTBEAT, 1, this.nodesKey, this.nodeId, this.ttlMs));
      if (!alive || this.dirty || ++this.beats % SYNC_EVERY_BEATS === 0) await this.report(await this.sync());
      const gone = (await this.redis.eval(REAP, 1, this.nodesKey, this.prefix, '')) as string[];
      await this.report(pairsOf(gone));
    } catch (err) {
      this.logger.warn(`presence heartbeat failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async report(changes: PresenceChange[]): Promise<void> {
    if (changes.length === 0) return;
    try {
      await this.handler(changes);
    } catch (err) {
      this.logger.warn(`presence change not announced: ${String(err)}`);
    }
  }
}

const pairsOf = (flat: string[]): PresenceChange[] => {
  const changes: PresenceChange[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2)
    changes.push({ workspaceId: flat[i], userId: flat[i + 1], status: 'offline' });
  return changes;
};
