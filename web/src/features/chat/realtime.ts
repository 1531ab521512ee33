// The one live socket of a tab (spec 2 §7, DESIGN §6): join on open, reconnect with backoff and `since`, join again
// when the user switches workspace, close on leave.
import type { ClientFrame, JoinFrame, ServerFrame } from '@teamchat/contracts';

/** `ended`: the server closed the socket because its session ended (logout elsewhere); it does not reconnect. */
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'closed' | 'ended';

/** The close code the gateway uses when the socket's session has ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export interface SocketIdentity {
  userId: string;
  username: string;
  /** The user's current workspace, which the server scopes the socket to on each join. */
  workspaceId?: string | null;
}

type FrameListener = (frame: ServerFrame) => void;
type StateListener = (state: ConnectionState) => void;

export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  createSocket?: (url: string) => SocketLike;
  url?: () => string;
  /** Delay before the n-th reconnect attempt (0-based). */
  backoff?: (attempt: number) => number;
  /** How long the socket stays open after its last user let go (a route change re-acquires it at once). */
  releaseGraceMs?: number;
}

const OPEN = 1;

export const socketUrl = (): string =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;

/** 0.5 s doubling to 15 s, with jitter so a restarted gateway is not hit by every tab at the same instant. */
export const defaultBackoff = (attempt: number): number => {
  const base = Math.min(15_000, 500 * 2 ** attempt);
  return Math.round(base / 2 + (Math.random() * base) / 2);
};

const newer = (a: string | null, b: string): string => (a === null || Date.parse(b) > Date.parse(a) ? b : a);

export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private identity: SocketIdentity | null = null;
  private users = 0;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSeen: string | null = null;
  /** Joined again for another workspace: frames before the server's `joined` still belong to the previous one. */
  private switching = false;
  private readonly frameListeners = new Set<FrameListener>();
  private readonly stateListeners = new Set<StateListener>();
  private currentState: ConnectionState = 'idle';
  private readonly options: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions = {}) {
    this.options = {
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as SocketLike),
      url: options.url ?? socketUrl,
      backoff: options.backoff ?? defaultBackoff,
      releaseGraceMs: options.releaseGraceMs ?? 1000,
    };
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  /** Starts (or keeps) the connection for this user; the returned function lets go of it. */
  acquire(identity: SocketIdentity): () => void {
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    const changedUser = this.identity !== null && this.identity.userId !== identity.userId;
    const changedWorkspace =
      !changedUser && this.identity !== null && (this.identity.workspaceId ?? null) !== (identity.workspaceId ?? null);
    this.identity = identity;
    this.users += 1;
    if (changedUser) {
      this.lastSeen = null;
      this.shutdown();
    }
    if (changedWorkspace) this.rejoin();
    if (!this.socket && !this.reconnectTimer) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users > 0) return;
      this.releaseTimer = setTimeout(() => this.shutdown(), this.options.releaseGraceMs);
    };
  }

  /** Closes at once (the page is going away). */
  shutdown(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onopen = null;
      socket.close(1000, 'leave');
    }
    this.setState('closed');
  }

  /** Sends a frame when the socket is open; returns false (and sends nothing) otherwise. */
  send(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.currentState !== 'open') return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Records the newest message time (created or changed) the client holds, used as `since` when it (re)joins. */
  noteSeen(createdAt: string): void {
    if (!Number.isNaN(Date.parse(createdAt))) this.lastSeen = newer(this.lastSeen, createdAt);
  }

  subscribe(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  onStateChange(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Skips the remaining backoff (the browser came back online). */
  reconnectNow(): void {
    if (this.users === 0 || this.socket) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  /**
   * The user switched workspace (spec 1 §4): the server moves the socket to their current workspace when it joins
   * again. A socket not open yet sends that join when it opens.
   */
  private rejoin(): void {
    // a message time in the previous workspace says nothing about what was missed in this one
    this.lastSeen = null;
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.currentState !== 'open') return;
    this.switching = true;
    this.sendJoin(socket);
  }

  private sendJoin(socket: SocketLike): void {
    const identity = this.identity!;
    const join: JoinFrame = { type: 'join', userId: identity.userId, username: identity.username };
    if (this.lastSeen) join.since = this.lastSeen;
    socket.send(JSON.stringify(join));
  }

  private connect(): void {
    if (!this.identity) return;
    this.switching = false;
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch (err) {
      console.error('socket error', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.sendJoin(socket);
      this.setState('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch (err) {
        console.error('socket parse error', err);
        return;
      }
      if (!frame || typeof frame !== 'object' || typeof frame.type !== 'string') return;
      if (this.switching && frame.type !== 'joined' && frame.type !== 'error') return;
      if (frame.type === 'joined') {
        this.attempt = 0;
        this.switching = false;
      }
      // a change to a message is as much news as a new one: `since` covers edits and deletes too
      if ((frame.type === 'message' || frame.type === 'message_updated') && frame.message)
        this.noteSeen(frame.message.updatedAt ?? frame.message.createdAt);
      for (const listener of [...this.frameListeners]) listener(frame);
    };
    socket.onerror = (event) => console.error('socket error', event);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // reconnecting would only be refused: the app checks the session instead (and shows the login page)
      if (event?.code === SESSION_ENDED_CLOSE_CODE) return this.setState('ended');
      this.setState('closed');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.users === 0 || this.reconnectTimer) return;
    const delay = this.options.backoff(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private setState(state: ConnectionState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }
}

/** The tab's connection. */
export const realtime = new RealtimeConnection();

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => realtime.shutdown());
  window.addEventListener('online', () => realtime.reconnectNow());
  // A page restored from the back/forward cache comes back with the socket closed by pagehide.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) realtime.reconnectNow();
  });
}
