import type { Provider } from '@nestjs/common';
import { GATEWAY_RUNTIME, type GatewayRuntime } from '../gateway.runtime.js';
import { DEFAULT_SEND_LIMITS, type SendQueueLimits } from './send-queue.js';

/** Tunables of the live socket. */
export interface RealtimeOptions {
  /** Per-socket outbound queue bounds (see SendQueue): past them a slow reader is closed with 1013. */
  sendLimits: SendQueueLimits;
  /**
   * Frames received from all of this node's sockets and not yet handled. At this many the node stops reading its
   * sockets (TCP pushes back on the senders) until half are handled: a gateway slower than its load makes frames
   * wait, bounded, instead of refusing them.
   */
  maxPendingFrames: number;
  /**
   * How long a user's last socket in a workspace still counts after it closed (or left the workspace). A reconnect
   * within it is no change to anyone; after it, the user is announced offline. Removals and shutdowns do not wait.
   */
  presenceGraceMs: number;
  /**
   * Every socket is pinged once per this interval (a slice of them each second), and one that answered no ping since
   * its previous one is terminated.
   */
  heartbeatMs: number;
  /** At most one `presence` frame per watched user per this interval to one socket, carrying the latest status. */
  presenceIntervalMs: number;
  /** A node reads a workspace's online count after presence changes there at most once per this interval. */
  onlineCountIntervalMs: number;
}

export const REALTIME_OPTIONS = Symbol('REALTIME_OPTIONS');

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  sendLimits: DEFAULT_SEND_LIMITS,
  maxPendingFrames: 5000,
  presenceGraceMs: 3000,
  heartbeatMs: 30_000,
  presenceIntervalMs: 1000,
  onlineCountIntervalMs: 2000,
};

export const realtimeOptionsProvider: Provider = {
  provide: REALTIME_OPTIONS,
  inject: [GATEWAY_RUNTIME],
  useFactory: (runtime: GatewayRuntime): RealtimeOptions => ({
    sendLimits: { ...DEFAULT_SEND_LIMITS, maxQueued: runtime.env.WS_SEND_QUEUE_MAX },
    maxPendingFrames: runtime.env.WS_FRAMES_PENDING_MAX,
    presenceGraceMs: runtime.env.PRESENCE_OFFLINE_GRACE_MS,
    heartbeatMs: DEFAULT_REALTIME_OPTIONS.heartbeatMs,
    presenceIntervalMs: DEFAULT_REALTIME_OPTIONS.presenceIntervalMs,
    onlineCountIntervalMs: DEFAULT_REALTIME_OPTIONS.onlineCountIntervalMs,
  }),
};
