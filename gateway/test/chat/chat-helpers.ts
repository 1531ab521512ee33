import WebSocket from 'ws';
import { waitFor } from '@teamchat/testing';
import { attachmentPathFromUploadUrl } from '@teamchat/contracts';
import { adminWithWorkspace, joinAsMember, pngBytes, signUp, type Agent } from '../accounts/helpers.js';

export { adminWithWorkspace, joinAsMember, pngBytes, signUp, type Agent };

/**
 * Uploads a message image or a custom reaction image the way the SPA does (spec 2 §7): an upload URL from
 * `POST /api/messages/upload` or `/api/reactions/upload`, then a PUT of the bytes to it. `address` is what the SPA then
 * sends: the attachment path derived from the upload URL for a message, the answer's objectPath for a reaction.
 * `put: false` hands out the URL without uploading anything.
 */
export const uploadChatImage = async (
  agent: Agent,
  kind: 'message' | 'reaction',
  options: { bytes?: Buffer; put?: boolean } = {},
) => {
  const ticket = await agent.post(`/api/${kind}s/upload`).send({ filename: 'picture.png' });
  if (ticket.status !== 200) throw new Error(`${kind} upload failed: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const { uploadURL, objectPath } = ticket.body as { uploadURL: string; objectPath: string };
  const put =
    options.put === false
      ? null
      : await fetch(uploadURL, {
          method: 'PUT',
          body: options.bytes ?? pngBytes(),
          headers: { 'content-type': 'image/png' },
        });
  const address = kind === 'message' ? (attachmentPathFromUploadUrl(uploadURL) ?? objectPath) : objectPath;
  return { uploadURL, objectPath, address, putStatus: put?.status ?? null };
};

let ipCounter = 0;
/** A fresh client address per signup, so the login throttle (per IP) never gets in the way of a test. */
/** The two ways the gateway runs, for `describe.each`: in one process, and over NATS with Redis fan-out. */
export const TRANSPORT_VARIANTS = [
  ['in-process bus, in-memory fan-out', 'inprocess', {}],
  ['NATS, Redis fan-out', 'nats', { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }],
] as const;

export const nextIp = (block: number) => `10.66.${block}.${(++ipCounter % 250) + 1}`;

export interface Person {
  agent: Agent;
  user: { id: string; username: string };
}

/** An admin with a fresh workspace and two members of it. */
export const team = async (url: string, block: number) => {
  const admin = await adminWithWorkspace(url, 'Acme', nextIp(block));
  const bob = await joinAsMember(url, admin.agent, {}, nextIp(block));
  const carol = await joinAsMember(url, admin.agent, {}, nextIp(block));
  return { admin, bob, carol, workspaceId: admin.workspace.id };
};

export const cookieOf = (agent: Agent, url: string): string => {
  const jar = (agent as unknown as { jar: { getCookies(o: object): { name: string; value: string }[] } }).jar;
  return jar
    .getCookies({ domain: new URL(url).hostname, path: '/', secure: false, script: false })
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
};

export interface Frame {
  type: string;
  [k: string]: unknown;
}

/** An open /ws socket that records every frame it receives. */
export class TestSocket {
  readonly frames: Frame[] = [];
  /** Frames that came as binary: every server frame is text (a browser would get a Blob otherwise). */
  binaryFrames = 0;
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames++;
      this.frames.push(JSON.parse(String(data)) as Frame);
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static async open(url: string, person: Person): Promise<TestSocket> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie: cookieOf(person.agent, url) } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    return new TestSocket(ws);
  }

  /** Opens a socket and joins as that person, waiting for the `joined` frame. */
  static async joined(url: string, person: Person, since?: string | number): Promise<TestSocket> {
    const socket = await TestSocket.open(url, person);
    await socket.join(person, since);
    return socket;
  }

  send(frame: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  async join(person: Person, since?: string | number): Promise<Frame> {
    const before = this.frames.filter((f) => f.type === 'joined').length;
    this.send({
      type: 'join',
      userId: person.user.id,
      username: person.user.username,
      ...(since !== undefined ? { since } : {}),
    });
    await waitFor(() => this.frames.filter((f) => f.type === 'joined').length > before, { timeoutMs: 10000 });
    return this.frames.filter((f) => f.type === 'joined')[before];
  }

  /**
   * Shows the presence of these users (replacing what the socket watched), waiting for the server's answer: which
   * of them it added and which of those are online.
   */
  async watch(...people: (Person | string)[]): Promise<{ userIds: string[]; online: string[] }> {
    const before = this.of('presence_subscribed').length;
    this.send({ type: 'presence_subscribe', userIds: people.map((p) => (typeof p === 'string' ? p : p.user.id)) });
    await waitFor(() => this.of('presence_subscribed').length > before, { timeoutMs: 10000 });
    return this.of('presence_subscribed')[before] as unknown as { userIds: string[]; online: string[] };
  }

  of(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  messages(): { id: string; content: string | null; channelId: string; clientMsgId?: string }[] {
    return this.of('message').map((f) => f.message as { id: string; content: string | null; channelId: string });
  }

  async next(type: string, match: (f: Frame) => boolean = () => true, timeoutMs = 10000): Promise<Frame> {
    const found = await waitFor(() => this.frames.find((f) => f.type === type && match(f)), { timeoutMs });
    return found!;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const done = new Promise((resolve) => this.ws.once('close', resolve));
    this.ws.close();
    await done;
  }
}
