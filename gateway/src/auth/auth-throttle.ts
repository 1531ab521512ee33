// Login, register and invite acceptance are rate-limited per client IP and per email address (credential stuffing and
// brute force). `@nestjs/throttler` 6 is CommonJS requiring the ESM-only `@nestjs/common` 12, which jest's module
// runtime cannot load on Node 20, so this guard counts through rate-limiter-flexible instead.
import { HttpException, HttpStatus, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { ErrorCodes } from '@teamchat/contracts';
import { rateLimitRefusals } from '@teamchat/observability';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { REDIS } from '../infrastructure.js';
import {
  memoryAttemptLimiter,
  redisAttemptLimiter,
  type AttemptLimit,
  type AttemptLimiter,
} from './rate-limit.storage.js';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Try again later.';

const WINDOW_SEC = 10 * 60;

interface Throttler {
  /** The metric's `limit` label. */
  name: 'ip' | 'email';
  limit: AttemptLimit;
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
    limit: { name: 'auth:ip', points: env.AUTH_RATE_LIMIT_PER_IP, durationSec: WINDOW_SEC },
    track: (req) => req.ip ?? req.socket.remoteAddress ?? 'unknown',
  },
  {
    name: 'email',
    limit: { name: 'auth:email', points: env.AUTH_RATE_LIMIT_PER_EMAIL, durationSec: WINDOW_SEC },
    track: emailOf,
  },
];

type CountedThrottler = Throttler & { limiter: AttemptLimiter };

export const AUTH_THROTTLERS = Symbol('AUTH_THROTTLERS');

/** Counters in Redis when the gateway has one (cluster; in memory while Redis is away), in memory otherwise. */
export const authThrottlersProvider = {
  provide: AUTH_THROTTLERS,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): CountedThrottler[] =>
    throttlers(runtime.env).map((throttler) => ({
      ...throttler,
      limiter: redis
        ? redisAttemptLimiter(redis, `${runtime.env.BUS_NAMESPACE}tc:throttle:`, throttler.limit)
        : memoryAttemptLimiter(throttler.limit),
    })),
};

/** `@UseGuards(AuthThrottleGuard)`: over a limit answers 429 `{"error":"Too many attempts. Try again later."}`. */
@Injectable()
export class AuthThrottleGuard implements CanActivate {
  constructor(@Inject(AUTH_THROTTLERS) private readonly throttlers: CountedThrottler[]) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    for (const throttler of this.throttlers) {
      const tracker = throttler.track(req);
      if (tracker === null) continue;
      const outcome = await throttler.limiter.attempt(tracker);
      if (!outcome.allowed) {
        rateLimitRefusals.inc({ limit: throttler.name });
        http.getResponse<Response>().setHeader('Retry-After', String(outcome.retryAfterSec));
        throw new HttpException(
          { error: TOO_MANY_ATTEMPTS_MESSAGE, code: ErrorCodes.rateLimited },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
    }
    return true;
  }
}
