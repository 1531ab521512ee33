// Moves live frames between gateway nodes: a workspace's frames reach every node with a socket in that workspace.

/** What travels between nodes: an already-encoded server frame and who among the workspace's sockets gets it. */
export interface Envelope {
  /** Node that published it (its own copy is delivered locally at once, not again from Redis). */
  origin: string;
  /** Only these users' sockets, or every socket of the workspace when null. */
  userIds: string[] | null;
  /** Everyone in the audience but this user (typing is not echoed to the typist). */
  exceptUserId?: string;
  /** May be dropped under back-pressure (typing). */
  droppable?: boolean;
  /** Set on `presence` frames (the user they are about): only the sockets watching that user get them. */
  presenceOf?: string;
  /**
   * The channel a frame is about (messages, changes, reactions, typing): a socket whose user was removed from that
   * private channel gets none of them, even one whose audience was reckoned before the removal.
   */
  channelId?: string;
  /** Set on `message` frames, so a socket catching up by replay does not get the same message twice. */
  messageId?: string;
  /** The encoded server frame (see encodeServerFrame). */
  frame: string;
  /** W3C trace context of the publish, so delivery on every node joins the sender's trace. */
  traceparent?: string;
  /** When the message was sent (epoch ms), for the delivery latency measured at each socket write. */
  sentAt?: number;
}

export type EnvelopeHandler = (workspaceId: string, envelope: Envelope) => void;

/**
 * One implementation per deployment shape: in memory for the standalone process, Redis pub/sub for several
 * gateway nodes (one Redis channel per workspace). Subscriptions are reference counted per workspace: the node
 * listens to a workspace while at least one of its sockets is in it.
 */
export interface Fanout {
  readonly nodeId: string;
  /** Receives every envelope of the workspaces this node is subscribed to, its own publications included. */
  onEnvelope(handler: EnvelopeHandler): void;
  /** Called with the subscribed workspaces when delivery from other nodes was interrupted (frames may be lost). */
  onInterrupted(handler: (workspaceIds: string[]) => void): void;
  /** Resolves once frames published to the workspace by any node will arrive here. */
  subscribe(workspaceId: string): Promise<void>;
  unsubscribe(workspaceId: string): Promise<void>;
  publish(workspaceId: string, envelope: Omit<Envelope, 'origin'>): Promise<void>;
  subscribedWorkspaces(): string[];
  close(): Promise<void>;
}

export const FANOUT = Symbol('FANOUT');

/**
 * The header travels as JSON and the frame as-is after a newline, so no node re-encodes the frame. The origin comes
 * first, so a node can tell its own envelopes, which Redis echoes back to it, by their first bytes (sentBy).
 */
export const encodeEnvelope = ({ frame, origin, ...rest }: Envelope): string =>
  `${JSON.stringify({ origin, ...rest })}\n${frame}`;

/** What every envelope `nodeId` encodes starts with. */
export const sentBy = (nodeId: string): string => `{"origin":${JSON.stringify(nodeId)},`;

export const decodeEnvelope = (raw: string): Envelope => {
  const cut = raw.indexOf('\n');
  return { ...(JSON.parse(raw.slice(0, cut)) as Omit<Envelope, 'frame'>), frame: raw.slice(cut + 1) };
};

/** Reference counts of subscribed workspaces, shared by both implementations. */
export class WorkspaceRefs {
  private readonly refs = new Map<string, number>();

  /** True when this is the first reference. */
  add(workspaceId: string): boolean {
    const n = (this.refs.get(workspaceId) ?? 0) + 1;
    this.refs.set(workspaceId, n);
    return n === 1;
  }

  /** True when this was the last reference. */
  remove(workspaceId: string): boolean {
    const n = (this.refs.get(workspaceId) ?? 0) - 1;
    if (n > 0) {
      this.refs.set(workspaceId, n);
      return false;
    }
    const had = this.refs.delete(workspaceId);
    return had;
  }

  has(workspaceId: string): boolean {
    return this.refs.has(workspaceId);
  }

  keys(): string[] {
    return [...this.refs.keys()];
  }
}
