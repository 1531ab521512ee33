import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../../gateway.runtime.js';
import { REDIS } from '../../infrastructure.js';

/**
 * Open sockets per user and workspace across every gateway node, so presence changes only on a user's first socket
 * and their last one, wherever those are connected.
 */
export interface PresenceStore {
  /** Counts one more socket; true when it is the user's first in the workspace. */
  connect(workspaceId: string, userId: string): Promise<boolean>;
  /** Counts one socket less; true when it was the user's last in the workspace. */
  disconnect(workspaceId: string, userId: string): Promise<boolean>;
  online(workspaceId: string): Promise<string[]>;
}

export const PRESENCE_STORE = Symbol('PRESENCE_STORE');

export class InMemoryPresenceStore implements PresenceStore {
  private readonly counts = new Map<string, Map<string, number>>();

  connect(workspaceId: string, userId: string): Promise<boolean> {
    const users = this.counts.get(workspaceId) ?? new Map<string, number>();
    this.counts.set(workspaceId, users);
    const n = (users.get(userId) ?? 0) + 1;
    users.set(userId, n);
    return Promise.resolve(n === 1);
  }

  disconnect(workspaceId: string, userId: string): Promise<boolean> {
    const users = this.counts.get(workspaceId);
    const n = (users?.get(userId) ?? 0) - 1;
    if (n > 0) {
      users!.set(userId, n);
      return Promise.resolve(false);
    }
    users?.delete(userId);
    if (users?.size === 0) this.counts.delete(workspaceId);
    return Promise.resolve(true);
  }

  online(workspaceId: string): Promise<string[]> {
    return Promise.resolve([...(this.counts.get(workspaceId)?.keys() ?? [])]);
  }
}

const DISCONNECT = `local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;

/**
 * A Redis hash per workspace (user → open sockets). A node that dies without closing its sockets leaves its counts
 * behind until those users' sockets elsewhere close; graceful shutdowns release them (see RealtimeHub).
 */
export class RedisPresenceStore implements PresenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly namespace = '',
  ) {}

  private key(workspaceId: string): string {
    return `${this.namespace}tc:presence:${workspaceId}`;
  }

  async connect(workspaceId: string, userId: string): Promise<boolean> {
    return (await this.redis.hincrby(this.key(workspaceId), userId, 1)) === 1;
  }

  async disconnect(workspaceId: string, userId: string): Promise<boolean> {
    return Number(await this.redis.eval(DISCONNECT, 1, this.key(workspaceId), userId)) <= 0;
  }

  online(workspaceId: string): Promise<string[]> {
    return this.redis.hkeys(this.key(workspaceId));
  }
}

export const presenceProvider: Provider = {
  provide: PRESENCE_STORE,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): PresenceStore =>
    redis ? new RedisPresenceStore(redis, runtime.env.BUS_NAMESPACE) : new InMemoryPresenceStore(),
};
