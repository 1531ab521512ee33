// Login, register and invite acceptance are rate-limited per client IP and per email address (credential stuffing and
// brute force). `@nestjs/throttler` 6 is CommonJS requiring the ESM-only `@nestjs/common` 12, which jest's module
// runtime cannot load on Node 20, so it is not a dependency; this guard keeps its model (named throttlers, tracker,
// storage with `increment`).
import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type CanActivate,
  type ExecutionContext,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { ErrorCodes } from '@teamchat/contracts';
import { rateLimitRefusals } from '@teamchat/observability';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { REDIS } from '../infrastructure.js';
import {
  FallbackRateLimitStorage,
  MemoryRateLimitStorage,
  RedisRateLimitStorage,
  type RateLimitStorage,
} from './rate-limit.storage.js';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Try again later.';

const WINDOW_MS = 10 * 60_000;

interface Throttler {
  name: string;
  limit: number;
  ttlMs: number;
  /** What is counted; null skips this throttler for the request. */
  track(req: Request): string | null;
}

const emailOf = (req: Request): string | null => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
};

/**
 * Per client IP (all guarded routes together; an office behind one NAT still has room) and per email address.
 * Both limits come from the environment so a load test from one machine can raise the per-IP one.
 */
const throttlers = (env: GatewayRuntime['env']): Throttler[] => [
  {
    name: 'ip',
    limit: env.AUTH_RATE_LIMIT_PER_IP,
    ttlMs: WINDOW_MS,
    track: (req) => req.ip ?? req.socket.remoteAddress ?? 'unknown',
  },
  { name: 'email', limit: env.AUTH_RATE_LIMIT_PER_EMAIL, ttlMs: WINDOW_MS, track: emailOf },
];

export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

/** Counters in Redis when the gateway has one (cluster; in memory while Redis is away), in memory otherwise. */
export const rateLimitStorageProvider = {
  provide: RATE_LIMIT_STORAGE,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): RateLimitStorage =>
    redis
      ? new FallbackRateLimitStorage(
          redis,
          new RedisRateLimitStorage(redis, `${runtime.env.BUS_NAMESPACE}tc:throttle:`),
        )
      : new MemoryRateLimitStorage(),
};

/** `@UseGuards(AuthThrottleGuard)`: over a limit answers 429 `{"error":"Too many attempts. Try again later."}`. */
@Injectable()
export class AuthThrottleGuard implements CanActivate, OnApplicationShutdown {
  private readonly throttlers: Throttler[];

  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    @Inject(GATEWAY_RUNTIME) runtime: GatewayRuntime,
  ) {
    this.throttlers = throttlers(runtime.env);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    for (const throttler of this.throttlers) {
      const tracker = throttler.track(req);
      if (tracker === null) continue;
      const record = await this.storage.increment(
        `auth:${throttler.name}:${tracker}`,
        throttler.ttlMs,
        throttler.limit,
        throttler.ttlMs,
      );
      if (record.isBlocked) {
        rateLimitRefusals.inc({ limit: throttler.name });
        http.getResponse<Response>().setHeader('Retry-After', String(record.timeToBlockExpire));
        throw new HttpException(
          { error: TOO_MANY_ATTEMPTS_MESSAGE, code: ErrorCodes.rateLimited },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
    }
    return true;
  }

  onApplicationShutdown(): void {
    if (this.storage instanceof MemoryRateLimitStorage || this.storage instanceof FallbackRateLimitStorage)
      this.storage.close();
  }
}
