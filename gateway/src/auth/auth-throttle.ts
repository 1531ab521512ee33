// Login, register and invite acceptance are rate-limited per client IP (credential stuffing, spraying across accounts)
// and slowed per email address after failed sign-ins (brute force on one account). `@nestjs/throttler` 6 is CommonJS
// requiring the ESM-only `@nestjs/common` 12, which jest's module runtime cannot load on Node 20, so this guard counts
// through rate-limiter-flexible instead.
import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
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
import {
  memoryFailureDelay,
  redisFailureDelay,
  type FailureDelay,
  type FailureDelayPolicy,
} from './failure-delay.storage.js';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Try again later.';

const WINDOW_SEC = 10 * 60;

/** Past AUTH_RATE_LIMIT_PER_EMAIL failures an email's next attempt waits 1 s, then 2 s, 4 s … at most a minute. */
const FIRST_DELAY_SEC = 1;
const MAX_DELAY_SEC = 60;

/** A wrong password (or an unknown email): what counts as a failed sign-in for the email. */
const FAILED = HttpStatus.UNAUTHORIZED;

const emailKey = (email: string): string => email.trim().toLowerCase();

/**
 * The email a password is tried for. A request without a password (asking for a reset link) guesses nothing, so it
 * is never slowed down: the owner of a slowed-down address can always have the link mailed.
 */
const guessedEmailOf = (req: Request): string | null => {
  const body = req.body as { email?: unknown; password?: unknown } | undefined;
  const email = body?.email;
  if (typeof body?.password !== 'string') return null;
  return typeof email === 'string' && email.trim() ? emailKey(email) : null;
};

const ipOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Per client IP every attempt counts (all guarded routes together; an office behind one NAT still has room). */
const ipLimit = (env: GatewayRuntime['env']): AttemptLimit => ({
  name: 'auth:ip',
  points: env.AUTH_RATE_LIMIT_PER_IP,
  durationSec: WINDOW_SEC,
});

/** Per email address only failures count, and they slow the address down rather than lock it. */
const emailPolicy = (env: GatewayRuntime['env']): FailureDelayPolicy => ({
  name: 'auth:email',
  freeFailures: env.AUTH_RATE_LIMIT_PER_EMAIL,
  windowSec: WINDOW_SEC,
  baseDelaySec: FIRST_DELAY_SEC,
  maxDelaySec: MAX_DELAY_SEC,
});

export interface AuthThrottles {
  ip: AttemptLimiter;
  email: FailureDelay;
}

export const AUTH_THROTTLERS = Symbol('AUTH_THROTTLERS');

/** A password reset through the emailed link proves the owner: their address is no longer slowed down. */
export const forgetFailedSignIns = (throttles: AuthThrottles, email: string): Promise<void> =>
  throttles.email.clear(emailKey(email));

/**
 * Counters in Redis when the gateway has one (cluster; in memory while Redis is away), in memory otherwise. Both
 * limits come from the environment so a load test from one machine can raise the per-IP one.
 */
export const authThrottlersProvider = {
  provide: AUTH_THROTTLERS,
  inject: [REDIS, GATEWAY_RUNTIME],
  useFactory: (redis: Redis | null, runtime: GatewayRuntime): AuthThrottles => {
    const prefix = `${runtime.env.BUS_NAMESPACE}tc:throttle:`;
    return redis
      ? {
          ip: redisAttemptLimiter(redis, prefix, ipLimit(runtime.env)),
          email: redisFailureDelay(redis, prefix, emailPolicy(runtime.env)),
        }
      : { ip: memoryAttemptLimiter(ipLimit(runtime.env)), email: memoryFailureDelay(emailPolicy(runtime.env)) };
  },
};

/**
 * `@UseGuards(AuthThrottleGuard)`: over a limit, or while an email's delay runs, answers 429
 * `{"error":"Too many attempts. Try again later."}` with Retry-After. An email's attempt is settled by its answer: a
 * 401 is a failure, a sign-in forgets the failures, anything else did not count.
 */
@Injectable()
export class AuthThrottleGuard implements CanActivate {
  private readonly logger = new Logger(AuthThrottleGuard.name);

  constructor(@Inject(AUTH_THROTTLERS) private readonly throttles: AuthThrottles) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const byIp = await this.throttles.ip.attempt(ipOf(req));
    if (!byIp.allowed) this.refuse(res, 'ip', byIp.retryAfterSec);
    const email = guessedEmailOf(req);
    if (email === null) return true;
    const claim = await this.throttles.email.claim(email);
    if (!claim.allowed) this.refuse(res, 'email', claim.retryAfterSec);
    // the answer is known only once the route has run; the next attempt is read after it, so it sees this one counted.
    // Only a session established by this very request is a sign-in: a signed-in caller's other requests are not.
    const sessionBefore = req.sessionID;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      const { attempt } = claim;
      const signedIn = res.statusCode < 300 && req.session?.userId && req.sessionID !== sessionBefore;
      const outcome =
        res.statusCode === FAILED ? attempt.failed() : signedIn ? attempt.succeeded() : attempt.abandoned();
      outcome.catch((error: unknown) =>
        this.logger.error(`Sign-in failures for an email not recorded: ${String(error)}`),
      );
    };
    // a connection dropped before the answer never finishes, and must not keep holding the email
    res.once('finish', settle).once('close', settle);
    return true;
  }

  private refuse(res: Response, limit: 'ip' | 'email', retryAfterSec: number): never {
    rateLimitRefusals.inc({ limit });
    res.setHeader('Retry-After', String(retryAfterSec));
    throw new HttpException(
      { error: TOO_MANY_ATTEMPTS_MESSAGE, code: ErrorCodes.rateLimited },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
