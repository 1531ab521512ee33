import { connect, type NatsConnection } from '@nats-io/transport-node';
import { coalesceWrites } from './coalesced-writes.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The frames a connection hands to its socket (nats.js's transport), counted. */
const countSends = (nc: NatsConnection): { count: () => number } => {
  const transport = (nc as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol
    .transport;
  const send = transport.send.bind(transport);
  let sends = 0;
  transport.send = (frame) => {
    sends++;
    send(frame);
  };
  return { count: () => sends };
};

/** `n` publishes, each from its own callback of one turn of the event loop (as requests arriving together are). */
const publishInOneTurn = (nc: NatsConnection, subject: string, n: number): Promise<void> =>
  new Promise((resolve) => {
    for (let i = 0; i < n; i++)
      setImmediate(() => {
        nc.publish(subject, String(i));
        if (i === n - 1) resolve();
      });
  });

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesceWrites (real NATS)', () => {
  let sender: NatsConnection;
  let plain: NatsConnection;
  let receiver: NatsConnection;
  const subject = `spec.coalesce.${process.pid}.${Date.now()}`;

  beforeAll(async () => {
    [sender, plain, receiver] = await Promise.all([
      connect({ servers: NATS_URL }).then(coalesceWrites),
      connect({ servers: NATS_URL }),
      connect({ servers: NATS_URL }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sender.close(), plain.close(), receiver.close()]);
  });

  /** Subscribes the receiver (the server has the subscription when this resolves); `arrival` gets the `n` messages. */
  const received = async (name: string, n: number): Promise<{ arrival: Promise<string[]> }> => {
    const got: string[] = [];
    const done = new Promise<string[]>((resolve) =>
      receiver.subscribe(name, {
        callback: (_err, msg) => {
          got.push(msg.string());
          if (got.length === n) resolve(got);
        },
      }),
    );
    await receiver.flush();
    return { arrival: done };
  };

  it('writes what callbacks of one turn publish in two socket writes, where nats.js alone makes one each', async () => {
    const n = 20;
    const expected = Array.from({ length: n }, (_, i) => String(i));
    for (const [nc, name, most] of [
      [sender, `${subject}.coalesced`, 2],
      [plain, `${subject}.plain`, n],
    ] as const) {
      const { arrival } = await received(name, n);
      await turn();
      const sends = countSends(nc);
      await publishInOneTurn(nc, name, n);
      await turn();
      // every message arrives, in the order it was published
      expect(await arrival).toEqual(expected);
      if (nc === sender) {
        expect(sends.count()).toBeGreaterThanOrEqual(1);
        expect(sends.count()).toBeLessThanOrEqual(most);
      } else expect(sends.count()).toBe(most);
    }
  });

  it('sends the first command of a quiet turn at once, not at the end of the turn', async () => {
    await turn();
    const sends = countSends(sender);
    sender.publish(`${subject}.quiet`, 'x');
    // nats.js writes at the end of the microtask queue the command was queued in
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(sends.count()).toBe(1);
  });

  it('keeps flush() a round trip that writes at once, without waiting for the turn to end', async () => {
    const name = `${subject}.flush`;
    const { arrival } = await received(name, 3);
    await turn();
    sender.publish(name, 'a');
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    // 'a' went out as the turn's first write; these two would wait for the end of the turn
    for (const text of ['b', 'c']) sender.publish(name, text);
    const sends = countSends(sender);
    const pong = sender.flush();
    expect(sends.count()).toBe(1);
    await pong;
    expect(await arrival).toEqual(['a', 'b', 'c']);
  });

  it('writes what the turn queued before a close, as nats.js alone does', async () => {
    const nc = coalesceWrites(await connect({ servers: NATS_URL }));
    const name = `${subject}.close`;
    const { arrival } = await received(name, 2);
    await turn();
    nc.publish(name, 'A');
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    nc.publish(name, 'B');
    await nc.close();
    expect(await arrival).toEqual(['A', 'B']);
  });

  it('changes nothing when applied to the same connection again', async () => {
    const protocol = (sender as unknown as { protocol: { flushPending: unknown; close: unknown } }).protocol;
    const before = [protocol.flushPending, protocol.close];
    expect(coalesceWrites(sender)).toBe(sender);
    expect([protocol.flushPending, protocol.close]).toEqual(before);
    const name = `${subject}.twice`;
    const { arrival } = await received(name, 5);
    await publishInOneTurn(sender, name, 5);
    expect(await arrival).toEqual(['0', '1', '2', '3', '4']);
  });
});
