import { messageDeliverySeconds, messagesDelivered, wsFramesDropped } from '@teamchat/observability';

// the labelled series once, not a label lookup on every socket write
const socketWriteSeconds = messageDeliverySeconds.labels({ stage: 'socket_write' });

/**
 * A text frame: a string, or its UTF-8 bytes when one frame goes to many sockets (encoded once for all of them
 * rather than by each socket's write).
 */
export type TextFrame = string | Buffer;

/** Sent as a text frame also when the data is bytes. */
const TEXT = { binary: false } as const;

/** The part of a `ws` socket the queue drives. */
export interface QueueSocket {
  readonly readyState: number;
  send(data: TextFrame, options: { binary: false }, cb: (err?: Error) => void): void;
  close(code: number, reason: string): void;
}

export interface SendQueueLimits {
  /** Frames handed to the socket but not yet flushed to the network. */
  maxInFlight: number;
  /** Frames waiting behind those; one more closes the socket. */
  maxQueued: number;
}

export const DEFAULT_SEND_LIMITS: SendQueueLimits = { maxInFlight: 64, maxQueued: 1000 };
export const OVERLOADED_CLOSE_CODE = 1013;
export const OVERLOADED_CLOSE_REASON = 'Try again later';
const OPEN = 1;

/**
 * Bounded outbound queue of one socket. A slow reader first loses typing frames (stale by the time they would
 * arrive); message frames are never dropped: past the limit the socket is closed with 1013 so the client
 * reconnects and resumes with `since`, getting what it missed from the database.
 */
export class SendQueue {
  private inFlight = 0;
  /** Frames not yet handed to the socket, with their message's send time (message frames). */
  private readonly waiting: { frame: TextFrame; sentAt?: number }[] = [];
  private closed = false;

  constructor(
    private readonly socket: QueueSocket,
    private readonly limits: SendQueueLimits = DEFAULT_SEND_LIMITS,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * `droppable` frames (typing) are dropped instead of queued while the socket is behind. `sentAt` (epoch ms) marks a
   * live message frame: its write counts as a delivery, timed from the send.
   */
  push(frame: TextFrame, droppable = false, sentAt?: number): 'sent' | 'queued' | 'dropped' | 'closed' {
    if (this.closed || this.socket.readyState !== OPEN) return 'closed';
    if (this.waiting.length === 0 && this.inFlight < this.limits.maxInFlight) {
      this.write(frame, sentAt);
      return 'sent';
    }
    if (droppable) {
      wsFramesDropped.inc({ type: 'typing' });
      return 'dropped';
    }
    if (this.waiting.length >= this.limits.maxQueued) {
      this.closed = true;
      this.waiting.length = 0;
      wsFramesDropped.inc({ type: 'overflow' });
      this.socket.close(OVERLOADED_CLOSE_CODE, OVERLOADED_CLOSE_REASON);
      return 'closed';
    }
    this.waiting.push({ frame, sentAt });
    return 'queued';
  }

  private write(frame: TextFrame, sentAt?: number): void {
    if (sentAt !== undefined) {
      messagesDelivered.inc();
      socketWriteSeconds.observe((Date.now() - sentAt) / 1000);
    }
    this.inFlight++;
    this.socket.send(frame, TEXT, () => {
      this.inFlight--;
      this.pump();
    });
  }

  private pump(): void {
    if (this.closed || this.socket.readyState !== OPEN) {
      this.waiting.length = 0;
      return;
    }
    while (this.waiting.length > 0 && this.inFlight < this.limits.maxInFlight) {
      const next = this.waiting.shift()!;
      this.write(next.frame, next.sentAt);
    }
  }
}
