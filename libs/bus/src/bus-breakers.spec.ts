import { connect } from '@nats-io/transport-node';
import { ErrorCodes } from '@teamchat/contracts';
import { ManualTimers, waitFor } from '@teamchat/testing';
import { BROKER_HUNG_MESSAGE, BusBreakers, HUNG_AFTER_MS, PROBE_MS } from './bus-breakers.js';
import { BusUnavailableError, DomainError } from './domain-error.js';

/** One turn of the event loop: what a probe's answer and a verdict's judging (setImmediate) need to run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
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

    // after its cool-down (opossum's own timer) one trial gets through, and its answer closes the breaker
    const trial = () =>
      breakers
        .run('chat.channel.list', () => Promise.resolve('back'))
        .then(
          (answer) => answer,
          (err: unknown) => {
            expect(err).toBeInstanceOf(BusUnavailableError);
            return null;
          },
        );
    await expect(waitFor(trial, { timeoutMs: 5000, intervalMs: 25 })).resolves.toBe('back');
    expect(breakers.openServices()).toEqual([]);
  });

  it('does not count answers that are domain errors', async () => {
    breakers = new BusBreakers({ volumeThreshold: 3 });
    const notFound = () => Promise.reject(new DomainError(ErrorCodes.channelNotFound, 'Channel not found'));
    for (let i = 0; i < 10; i++)
      await expect(breakers.run('chat.channel.get', notFound)).rejects.toThrow('Channel not found');
    await expect(breakers.run('chat.channel.get', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  describe('probing the broker (on timers the test moves)', () => {
    let timers: ManualTimers;
    beforeEach(() => (timers = new ManualTimers()));
    /** Moves the clock by `ms`, a turn of the event loop after each PROBE_MS / 4, as probes answer and reschedule. */
    const pass = async (ms: number) => {
      for (let passed = 0; passed < ms; passed += PROBE_MS / 4) {
        timers.advance(Math.min(PROBE_MS / 4, ms - passed));
        await turn();
      }
    };

    it('finds a broker that stops answering probes, fails waiting and new requests at once, and clears on its next answer', async () => {
      breakers = new BusBreakers({ timers });
      let frozen = false;
      let release: (() => void) | undefined;
      let probes = 0;
      breakers.watch(() => {
        probes++;
        return frozen ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      });
      await pass(PROBE_MS * 2);
      expect(probes).toBe(2);
      expect(breakers.brokerHung).toBe(false);

      frozen = true;
      let hungSeen = false;
      breakers.brokerHung$.subscribe(() => (hungSeen = true));
      // the next probe goes unanswered: one moment short of HUNG_AFTER_MS it is not hung yet, then it is
      await pass(PROBE_MS);
      expect(probes).toBe(3);
      await pass(HUNG_AFTER_MS - PROBE_MS / 4);
      expect(hungSeen).toBe(false);
      await pass(PROBE_MS / 4);
      expect(hungSeen).toBe(true);
      expect(breakers.brokerHung).toBe(true);
      await expect(breakers.run('chat.channel.list', () => Promise.resolve('x'))).rejects.toThrow(BROKER_HUNG_MESSAGE);

      frozen = false;
      release!();
      await turn();
      expect(breakers.brokerHung).toBe(false);
      await expect(breakers.run('chat.channel.list', () => Promise.resolve('x'))).resolves.toBe('x');
    });

    it('probes no more while requests are being answered, nor while nothing is asked; the next request probes at once', async () => {
      breakers = new BusBreakers({ idleAfterMs: 400, timers });
      let probes = 0;
      breakers.watch(() => {
        probes++;
        return Promise.resolve();
      });
      // answered requests every 50 ms for a second: each is a round trip through the broker already
      for (let i = 0; i < 20; i++) {
        await breakers.run('chat.channel.list', () => Promise.resolve('ok'));
        await pass(50);
      }
      expect(probes).toBe(0);
      // nothing asked: it keeps probing until idleAfterMs, then rests
      await pass(400 + PROBE_MS * 3);
      const resting = probes;
      expect(resting).toBeGreaterThanOrEqual(1);
      expect(timers.armed).toEqual([]);
      await pass(PROBE_MS * 3);
      expect(probes).toBe(resting);
      // a request wakes it: while it waits for its answer, the broker is asked straight away
      void breakers.run('chat.channel.list', () => new Promise(() => undefined));
      timers.advance(0);
      expect(probes).toBe(resting + 1);
    });

    it('finds a broker that hung while probing rested, at the first request after it', async () => {
      breakers = new BusBreakers({ idleAfterMs: 100, timers });
      let frozen = false;
      let probes = 0;
      breakers.watch(() => {
        probes++;
        return frozen ? new Promise<void>(() => undefined) : Promise.resolve();
      });
      await pass(100 + PROBE_MS * 3);
      expect(timers.armed).toEqual([]);
      frozen = true;
      // the request itself waits on the frozen broker; the probe it started finds it hung after HUNG_AFTER_MS
      void breakers.run('chat.channel.list', () => new Promise(() => undefined)).catch(() => undefined);
      timers.advance(0);
      expect(probes).toBe(1);
      await pass(HUNG_AFTER_MS - PROBE_MS / 4);
      expect(breakers.brokerHung).toBe(false);
      await pass(PROBE_MS / 4);
      expect(breakers.brokerHung).toBe(true);
    });
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
      // a fifth probe sent: the four before it were answered, so the three blocked ones' verdicts were given
      await waitFor(() => blocked >= 5, { timeoutMs: 20_000 });
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
