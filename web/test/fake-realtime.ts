// A stand-in for the live socket (features/chat/realtime.ts) in specs that push server frames themselves:
//   jest.unstable_mockModule('./realtime.js', () => ({ realtime: fakeRealtime, RealtimeConnection: class {} }));
import type { ServerFrame } from '@teamchat/contracts';

type Listener = (frame: ServerFrame) => void;

/** Who listens to the fake socket: `emit` hands them a frame, `listeners.clear()` resets between tests. */
export const listeners = new Set<Listener>();

export const fakeRealtime = {
  acquire: () => () => undefined,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  send: () => true,
  noteSeen: () => undefined,
  onStateChange: () => () => undefined,
  state: 'open',
};

/** Delivers a server frame to every listener, as the socket would. */
export const emit = (frame: ServerFrame): void => listeners.forEach((l) => l(frame));
