import type { WebSocket } from 'ws';
import { encodeServerFrame, type ServerFrameMap, type ServerFrameType } from '@teamchat/contracts';
import type { SendQueue, TextFrame } from './send-queue.js';

/** A live frame that reached a socket while its join was replaying history (see Client.held). */
export interface Held {
  frame: TextFrame;
  droppable: boolean;
  messageId?: string;
  sentAt?: number;
}

/**
 * One open socket, as every part of the live socket sees it: made on connect (SocketConnections), routed to
 * (FrameRouter), joined to a workspace (JoinHandler, SocketConnections.enterWorkspace), delivered to (Delivery). What
 * only some sockets need (lanes, channels) is made on first use.
 */
export interface Client {
  socket: WebSocket;
  userId: string;
  username: string;
  workspaceId: string | null;
  queue: SendQueue;
  /** The last join (or frame of no channel): every later frame starts after it. */
  tail: Promise<void>;
  /** The last frame of each channel with frames under way (made on the first one). */
  lanes: Map<string, Promise<void>> | null;
  pending: number;
  alive: boolean;
  /** While a join replays history, live frames wait here so they follow the replay without duplicates. */
  held: Held[] | null;
  /** The channels this socket sent to lately and who hears them; made on the first send (most sockets only listen). */
  channels: Map<string, { userIds: string[] | null; expires: number }> | null;
  /** Private channels this socket's user was removed from while it was open: none of their frames reach it. */
  revoked?: Set<string>;
}

/** The single way a frame is sent to one socket: typed by its type. */
export const sendFrame = <K extends ServerFrameType>(client: Client, type: K, payload: ServerFrameMap[K]): void => {
  client.queue.push(encodeServerFrame(type, payload));
};

/** An `error` frame; one refusing a `message` frame carries its `clientMsgId`, so the sender marks it failed at once. */
export const sendError = (client: Client, code: string, message: string, clientMsgId?: string): void => {
  sendFrame(client, 'error', { code, message, ...(clientMsgId ? { clientMsgId } : {}) });
};
