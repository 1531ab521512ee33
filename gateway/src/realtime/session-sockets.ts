// A session that ends (logout on any node) closes the sockets opened with it, and a deleted user's sockets all close,
// on every gateway node: a socket is authenticated once at upgrade, so without this a logged-out browser (or one whose
// account is gone) could go on reading and posting. A session that expires (left unused its max age) closes its
// sockets at the next periodic check.
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { IdentityEvents } from '@teamchat/contracts';
import { SESSION_KIT } from '../infrastructure.js';
import type { SessionKit } from '../auth/session.js';
import { ClusterSignals, type SignalSender } from '../cluster/cluster-signals.js';
import { GatewayEvents } from '../cluster/gateway-events.js';

export const SESSION_ENDED_CLOSE_CODE = 4401;
export const SESSION_ENDED_CLOSE_REASON = 'Session ended';
const EXPIRY_CHECK_MS = 60_000;

interface Opened {
  sid: string;
  userId: string;
}

@Injectable()
export class SessionSockets implements OnModuleInit, OnModuleDestroy {
  private readonly opened = new Map<WebSocket, Opened>();
  private readonly unsubscribe: () => void;
  private readonly endUserEverywhere: SignalSender<string>;

  private readonly expiryCheck: ReturnType<typeof setInterval>;

  constructor(
    @Inject(SESSION_KIT) private readonly sessions: SessionKit,
    signals: ClusterSignals,
    private readonly events: GatewayEvents,
  ) {
    this.unsubscribe = sessions.onEnded((sid) => this.close((o) => o.sid === sid));
    this.endUserEverywhere = signals.define<string>('user-sockets-end', (userId) =>
      this.close((o) => o.userId === userId),
    );
    // every minute, or a quarter of the max age when that is shorter (tests run with seconds-long sessions)
    const every = Math.max(250, Math.min(EXPIRY_CHECK_MS, sessions.maxAgeMs / 4));
    this.expiryCheck = setInterval(() => void this.closeExpired(), every).unref();
  }

  /** Closes the sockets of sessions that expired since they were opened (each session is asked once). */
  async closeExpired(): Promise<void> {
    const sids = new Set([...this.opened.values()].map((o) => o.sid));
    const expired = new Set<string>();
    await Promise.all(
      [...sids].map(async (sid) => {
        if (!(await this.sessions.isActive(sid))) expired.add(sid);
      }),
    );
    if (expired.size > 0) this.close((o) => expired.has(o.sid));
  }

  onModuleInit(): void {
    this.events.on(IdentityEvents.userDeleted, ({ userId }) => this.endUserEverywhere(userId));
  }

  /** Remembers the session and user a socket was opened with, until the socket closes. */
  track(socket: WebSocket, sid: string, userId: string): void {
    this.opened.set(socket, { sid, userId });
    socket.once('close', () => this.opened.delete(socket));
  }

  onModuleDestroy(): void {
    clearInterval(this.expiryCheck);
    this.unsubscribe();
  }

  private close(matches: (opened: Opened) => boolean): void {
    for (const [socket, opened] of this.opened) {
      if (!matches(opened)) continue;
      this.opened.delete(socket);
      socket.close(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_REASON);
    }
  }
}
