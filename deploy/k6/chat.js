// chat.js: people chatting. Each virtual user logs in once, then runs sessions: open the live socket, join, and act
// with a mix weighted like real chat load (mostly reading and switching channels, about one post per six switches,
// occasional search and reconnect). `message_delivery_ms` is measured from a post to its receipt on another user's
// socket (all virtual users share the k6 host's clock).
//   k6 run -e BASE_URL=https://chat.example.com deploy/k6/chat.js
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import {
  BASE_THRESHOLDS,
  WS_URL,
  api,
  expect,
  login,
  randomIndex,
  seedWorkspace,
  sentence,
  think,
  VOCABULARY,
} from './lib/api.js';

const VUS = Number(__ENV.VUS || 20);
const WORKSPACES = Number(__ENV.WORKSPACES || 2);
const CHANNELS = Number(__ENV.CHANNELS || 5);
const SESSION_SECONDS = Number(__ENV.SESSION_SECONDS || 60);
const THINK_MIN = Number(__ENV.THINK_MIN || 1);
const THINK_MAX = Number(__ENV.THINK_MAX || 3);

/** Action weights per 100 actions: switch 60, read 22, post 10, search 6, reconnect 2. */
export const ACTION_WEIGHTS = { switch: 60, read: 22, post: 10, search: 6, reconnect: 2 };

const delivery = new Trend('message_delivery_ms', true);
const echo = new Trend('message_echo_ms', true);
const received = new Counter('messages_received');
const serverErrors = new Counter('ws_error_frames');
const reconnects = new Counter('ws_reconnects');

export const options = {
  setupTimeout: '10m',
  scenarios: {
    chat: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: __ENV.RAMP || '30s', target: VUS },
        { duration: __ENV.DURATION || '5m', target: VUS },
        { duration: '15s', target: 0 },
      ],
      gracefulRampDown: `${SESSION_SECONDS + 10}s`,
      gracefulStop: `${SESSION_SECONDS + 10}s`,
    },
  },
  thresholds: {
    ...BASE_THRESHOLDS,
    message_delivery_ms: ['p(95)<100'],
  },
};

/**
 * @typedef {{ id: string, channelIds: string[], users: { email: string, userId: string }[] }} SeededWorkspace
 * @typedef {{ workspaces: SeededWorkspace[] }} SetupData
 */

/** @returns {SetupData} */
export function setup() {
  const runId = Date.now().toString(36);
  // members per workspace so every virtual user is a distinct person (a signup buys 30 seats)
  const members = Math.min(29, Math.max(2, Math.ceil(VUS / WORKSPACES)));
  const workspaces = [];
  for (let i = 0; i < WORKSPACES; i++) workspaces.push(seedWorkspace({ runId, index: i, members, channels: CHANNELS }));
  return { workspaces };
}

/** @type {{ userId: string, username: string } | null} */
let me = null;

/** @param {SetupData} data */
export default function (data) {
  const workspace = data.workspaces[(__VU - 1) % data.workspaces.length];
  const seat = workspace.users[Math.floor((__VU - 1) / data.workspaces.length) % workspace.users.length];
  if (!me) {
    const user = login(seat.email);
    if (!user) return;
    me = { userId: user.id, username: user.username };
  }
  const self = me;
  const channels = workspace.channelIds;
  let current = channels[randomIndex(channels.length)];
  let seq = 0;
  let lastSeen = '';
  let ending = false;
  /** @type {WebSocket} */
  let socket;
  /** @type {import('k6/timers').TimeoutID | null} */
  let next = null;
  // one chain of actions per session, whatever reconnects happen in between
  const schedule = () => {
    if (next !== null || ending) return;
    next = setTimeout(
      () => {
        next = null;
        act();
      },
      think(THINK_MIN, THINK_MAX) * 1000,
    );
  };

  const act = () => {
    if (ending) return;
    const roll = Math.random() * 100;
    const { switch: sw, read, post, search } = ACTION_WEIGHTS;
    if (roll < sw) {
      current = channels[randomIndex(channels.length)];
      expect(
        api('GET', `/api/channels/${current}/messages`, undefined, '/api/channels/{id}/messages'),
        200,
        'open channel',
        Array.isArray,
      );
      expect(api('POST', `/api/channels/${current}/read`, {}, '/api/channels/{id}/read'), 200, 'mark read');
    } else if (roll < sw + read) {
      expect(
        api('GET', `/api/channels/${current}/messages`, undefined, '/api/channels/{id}/messages'),
        200,
        'read channel',
        Array.isArray,
      );
    } else if (roll < sw + read + post) {
      if (socket.readyState === WebSocket.OPEN) {
        const clientMsgId = `k6.${Date.now()}.${__VU}.${seq++}`;
        socket.send(
          JSON.stringify({
            type: 'message',
            channelId: current,
            userId: self.userId,
            username: self.username,
            content: sentence(6),
            clientMsgId,
          }),
        );
      }
    } else if (roll < sw + read + post + search) {
      const q = VOCABULARY[randomIndex(VOCABULARY.length)];
      expect(
        api('GET', `/api/messages/search?q=${q}`, undefined, '/api/messages/search'),
        200,
        'search',
        Array.isArray,
      );
    } else {
      reconnects.add(1);
      socket.close(1000, 'k6 reconnect');
      return; // onclose opens the next socket; its `joined` resumes acting
    }
    schedule();
  };

  const open = () => {
    socket = new WebSocket(WS_URL);
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          type: 'join',
          userId: self.userId,
          username: self.username,
          ...(lastSeen ? { since: lastSeen } : {}),
        }),
      );
    };
    socket.onmessage = (event) => {
      /** @type {any} */
      let frame;
      try {
        frame = JSON.parse(String(event?.data));
      } catch {
        check(null, { 'socket frame is JSON': () => false });
        return;
      }
      if (frame.type === 'joined') {
        check(frame, { 'socket joined': (f) => f.userId === self.userId });
        schedule();
      } else if (frame.type === 'message') {
        const message = frame.message;
        received.add(1);
        if (message.createdAt > lastSeen) lastSeen = message.createdAt;
        const sent = /^k6\.(\d+)\./.exec(message.clientMsgId || '');
        if (sent) (message.userId === self.userId ? echo : delivery).add(Date.now() - Number(sent[1]));
      } else if (frame.type === 'error') {
        serverErrors.add(1);
        check(frame, { 'no error frame': () => false });
      }
    };
    socket.onclose = () => {
      // a deliberate reconnect, or a gateway going away (1001): carry on through another socket, after a short
      // random pause so a drained gateway's clients do not all arrive at once
      if (!ending) setTimeout(open, 100 + Math.random() * 400);
    };
  };

  open();
  setTimeout(() => {
    ending = true;
    socket.close(1000, 'k6 session over');
  }, SESSION_SECONDS * 1000);
}
