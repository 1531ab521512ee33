import { connect } from '@nats-io/transport-node';
import { ErrorCodes } from '@teamchat/contracts';
import { BROKER_HUNG_MESSAGE, BusBreakers, HUNG_AFTER_MS, PROBE_MS } from './bus-breakers.js';
import { BusUnavailableError, DomainError } from './domain-error.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unavailable = () => Promise.reject(new BusUnavailableError('No reply on chat.x in time'));

describe('bus breakers', () => {
  let breakers: BusBreakers;
  afterEach(() => breakers.stop());

  it("opens a service's breaker after its requests went unanswered, fails fast meanwhile, and closes after a good trial", async () => {
    breakers = new BusBreakers({ coolDownMs: 300, volumeThreshold: 3 });
    for (let i = 0; i < 3; i++)
      await expect(breakers.run('chat.message.create', unavailable)).rejects.toThrow(BusUnavailableError);
    let called = false;
    await expect(
      breakers.run('chat.channel.list', () => {
        called = true;
        return Promise.resolve('never');
      }),
    ).rejects.toThrow('The chat service is not answering');
    expect(called).toBe(false);
    expect(breakers.openServices()).toEqual(['chat']);
    // another service is not affected
    await expect(breakers.run('tasks.list', () => Promise.resolve('tasks'))).resolves.toBe('tasks');

    await sleep(350);
    await expect(breakers.run('chat.channel.list', () => Promise.resolve('back'))).resolves.toBe('back');
    expect(breakers.openServices()).toEqual([]);
  });

  it('does not count answers that are domain errors', async () => {
    breakers = new BusBreakers({ volumeThreshold: 3 });
    const notFound = () => Promise.reject(new DomainError(ErrorCodes.channelNotFound, 'Channel not found'));
    for (let i = 0; i < 10; i++)
      await expect(breakers.run('chat.channel.get', notFound)).rejects.toThrow('Channel not found');
    await expect(breakers.run('chat.channel.get', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('finds a broker that stops answering probes, fails waiting and new requests at once, and clears on its next answer', async () => {
    breakers = new BusBreakers();
    let frozen = false;
    let release: (() => void) | undefined;
    breakers.watch(() => (frozen ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()));
    await sleep(PROBE_MS * 2);
    expect(breakers.brokerHung).toBe(false);

    frozen = true;
    const hung = new Promise<void>((resolve) => breakers.brokerHung$.subscribe(() => resolve()));
    const started = Date.now();
    await hung;
    expect(Date.now() - started).toBeLessThan(HUNG_AFTER_MS + PROBE_MS * 3);
    expect(breakers.brokerHung).toBe(true);
    await expect(breakers.run('chat.channel.list', () => Promise.resolve('x'))).rejects.toThrow(BROKER_HUNG_MESSAGE);

    frozen = false;
    release!();
    await sleep(10);
    expect(breakers.brokerHung).toBe(false);
    await expect(breakers.run('chat.channel.list', () => Promise.resolve('x'))).resolves.toBe('x');
  });

  it('probes no more while requests are being answered, nor while nothing is asked; the next request probes at once', async () => {
    breakers = new BusBreakers({ idleAfterMs: 400 });
    let probes = 0;
    breakers.watch(() => {
      probes++;
      return Promise.resolve();
    });
    // answered requests every 50 ms for a second: each is a round trip through the broker already
    for (let i = 0; i < 20; i++) {
      await breakers.run('chat.channel.list', () => Promise.resolve('ok'));
      await sleep(50);
    }
    expect(probes).toBeLessThanOrEqual(1);
    // nothing asked: it keeps probing until idleAfterMs, then rests
    await sleep(400 + PROBE_MS * 3);
    const resting = probes;
    expect(resting).toBeGreaterThanOrEqual(1);
    await sleep(PROBE_MS * 3);
    expect(probes).toBe(resting);
    // a request wakes it: while it waits for its answer, the broker is asked straight away
    void breakers.run('chat.channel.list', () => sleep(100));
    await sleep(20);
    expect(probes).toBe(resting + 1);
  });

  it('finds a broker that hung while probing rested, at the first request after it', async () => {
    breakers = new BusBreakers({ idleAfterMs: 100 });
    let frozen = false;
    breakers.watch(() => (frozen ? new Promise<void>(() => undefined) : Promise.resolve()));
    await sleep(100 + PROBE_MS * 3);
    frozen = true;
    const hung = new Promise<void>((resolve) => breakers.brokerHung$.subscribe(() => resolve()));
    const started = Date.now();
    // the request itself waits on the frozen broker; the probe it started finds it hung
    void breakers.run('chat.channel.list', () => new Promise(() => undefined)).catch(() => undefined);
    await hung;
    expect(Date.now() - started).toBeLessThan(HUNG_AFTER_MS + PROBE_MS);
  });

  it('does not call a broker hung whose answer arrived while the event loop was busy (real NATS)', async () => {
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    try {
      breakers = new BusBreakers();
      let blocked = 0;
      breakers.watch(() => {
        const answered = nc.flush();
        // the PONG comes back within a millisecond, but the loop is busy past HUNG_AFTER_MS: when it frees, the
        // verdict's timer is due before the socket has been read
        if (blocked++ < 3)
          setImmediate(() => {
            const until = Date.now() + HUNG_AFTER_MS + 50;
            while (Date.now() < until);
          });
        return answered;
      });
      let hung = 0;
      breakers.brokerHung$.subscribe(() => hung++);
      await breakers.run('chat.channel.list', () => Promise.resolve('ok'));
      await sleep(PROBE_MS * 3 + (HUNG_AFTER_MS + 50) * 3);
      expect(blocked).toBeGreaterThanOrEqual(3);
      expect(hung).toBe(0);
      expect(breakers.brokerHung).toBe(false);
    } finally {
      await nc.close();
    }
  });

  it('still finds a hung broker when the verdict came too late to tell (the event loop was busy): it asks again', async () => {
    breakers = new BusBreakers();
    let probes = 0;
    breakers.watch(() => {
      // the broker never answers; the first probe's verdict comes long after it is due
      if (probes++ === 0)
        setImmediate(() => {
          const until = Date.now() + HUNG_AFTER_MS + PROBE_MS + 100;
          while (Date.now() < until);
        });
      return new Promise<void>(() => undefined);
    });
    const hung = new Promise<void>((resolve) => breakers.brokerHung$.subscribe(() => resolve()));
    await breakers.run('chat.channel.list', () => Promise.resolve('ok'));
    await hung;
    expect(probes).toBeGreaterThanOrEqual(2);
    expect(breakers.brokerHung).toBe(true);
  });
});
