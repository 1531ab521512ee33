import { connect, errors as natsErrors, headers, type NatsConnection } from '@nats-io/transport-node';
import { BusTimeoutError } from './in-process.transport.js';
import { ReplyInbox } from './reply-inbox.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('ReplyInbox (real NATS)', () => {
  let client: NatsConnection;
  let server: NatsConnection;
  const subject = `spec.reply-inbox.${process.pid}.${Date.now()}`;
  const slowTimers = new Set<ReturnType<typeof setTimeout>>();

  beforeAll(async () => {
    [client, server] = await Promise.all([connect({ servers: NATS_URL }), connect({ servers: NATS_URL })]);
    // answers `echo` at once and `slow` after the delay its payload names, so replies come back out of order
    server.subscribe(`${subject}.echo`, {
      callback: (_err, msg) => {
        msg.respond(`echo:${msg.string()}`);
      },
    });
    server.subscribe(`${subject}.slow`, {
      callback: (_err, msg) => {
        const timer = setTimeout(() => {
          slowTimers.delete(timer);
          if (!server.isClosed()) msg.respond(`slow:${msg.string()}`);
        }, Number(msg.string()));
        slowTimers.add(timer);
      },
    });
    server.subscribe(`${subject}.headers`, {
      callback: (_err, msg) => {
        msg.respond(msg.headers?.get('x-request-id') ?? 'none');
      },
    });
    await server.flush();
  });
  afterAll(async () => {
    // a slow answer still pending (its asker gave up or closed) is not sent after the connections are gone
    for (const timer of slowTimers) clearTimeout(timer);
    await Promise.all([client.close(), server.close()]);
  });

  it('is one inbox per connection', () => {
    expect(ReplyInbox.of(client)).toBe(ReplyInbox.of(client));
    expect(ReplyInbox.of(server)).not.toBe(ReplyInbox.of(client));
  });

  it('hands each request its own reply, whatever order the replies come in', async () => {
    const inbox = ReplyInbox.of(client);
    const answers = await Promise.all([
      inbox.request(`${subject}.slow`, '150', 2000),
      inbox.request(`${subject}.slow`, '60', 2000),
      ...Array.from({ length: 20 }, (_, i) => inbox.request(`${subject}.echo`, String(i), 2000)),
    ]);
    expect(answers.map((msg) => msg.string())).toEqual([
      'slow:150',
      'slow:60',
      ...Array.from({ length: 20 }, (_, i) => `echo:${i}`),
    ]);
    expect(inbox.waiting).toBe(0);
  });

  it('sends the headers it is given', async () => {
    const h = headers();
    h.set('x-request-id', 'req-42');
    const reply = await ReplyInbox.of(client).request(`${subject}.headers`, '', 2000, h);
    expect(reply.string()).toBe('req-42');
  });

  it('rejects at once when nobody subscribes to the subject (NATS no responders)', async () => {
    const started = Date.now();
    await expect(ReplyInbox.of(client).request(`${subject}.nobody`, 'x', 5000)).rejects.toBeInstanceOf(
      natsErrors.NoRespondersError,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ReplyInbox.of(client).waiting).toBe(0);
  });

  it('times out with BusTimeoutError, and a reply arriving later is dropped', async () => {
    const inbox = ReplyInbox.of(client);
    await expect(inbox.request(`${subject}.slow`, '300', 50)).rejects.toBeInstanceOf(BusTimeoutError);
    expect(inbox.waiting).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    // the late reply found nothing waiting; the inbox still answers the next request
    expect((await inbox.request(`${subject}.echo`, 'after', 2000)).string()).toBe('echo:after');
  });

  it('rejects what is waiting when its connection closes, and refuses requests after', async () => {
    const own = await connect({ servers: NATS_URL });
    const inbox = ReplyInbox.of(own);
    const waiting = inbox.request(`${subject}.slow`, '1000', 5000);
    await own.flush();
    await own.close();
    await expect(waiting).rejects.toBeInstanceOf(natsErrors.ClosedConnectionError);
    await expect(inbox.request(`${subject}.echo`, 'x', 1000)).rejects.toBeInstanceOf(natsErrors.ClosedConnectionError);
    expect(inbox.waiting).toBe(0);
  });
});
