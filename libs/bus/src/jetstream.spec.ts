// The streams against the real NATS server (127.0.0.1:4222, JetStream on): created with the configured replicas and
// retention when missing, and an operator's changes to an existing stream left alone (and reported).
import { randomBytes } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { deadLetterStreamName, DURABLE_EVENTS, eventStreamName } from './durable-events.js';
import { DEFAULT_EVENT_STREAMS, deleteEventStreams, ensureEventStreams, ensureStream } from './jetstream.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(ensureEventStreams.name, () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let namespace: string;
  const warnings: string[] = [];
  const log = { warn: (message: string) => void warnings.push(message) };

  beforeAll(async () => {
    nc = await connect({ servers: ['nats://127.0.0.1:4222'], name: 'jetstream-spec' });
    jsm = await jetstreamManager(nc);
  });
  beforeEach(() => {
    namespace = `jsspec${randomBytes(4).toString('hex')}.`;
    warnings.length = 0;
  });
  afterEach(() => deleteEventStreams(nc, namespace));
  afterAll(() => nc.close());

  it('creates both streams with the configured replicas and retention', async () => {
    await ensureEventStreams(
      nc,
      namespace,
      { events: { replicas: 1, maxAgeMs: 3 * DAY_MS }, deadLetters: { replicas: 1, maxAgeMs: 60 * DAY_MS } },
      log,
    );
    const events = await jsm.streams.info(eventStreamName(namespace));
    const deadLetters = await jsm.streams.info(deadLetterStreamName(namespace));
    expect(events.config).toMatchObject({ num_replicas: 1, max_age: nanos(3 * DAY_MS) });
    expect(events.config.subjects).toEqual(DURABLE_EVENTS.map((c) => `${namespace}${c.subject}`));
    expect(deadLetters.config).toMatchObject({ num_replicas: 1, max_age: nanos(60 * DAY_MS) });
    expect(warnings).toEqual([]);
  });

  it("leaves an operator's retention and duplicate window alone, and says how they differ from the configured ones", async () => {
    await ensureEventStreams(nc, namespace, DEFAULT_EVENT_STREAMS, log);
    const name = eventStreamName(namespace);
    const { config } = await jsm.streams.info(name);
    await jsm.streams.update(name, { ...config, max_age: nanos(14 * DAY_MS), duplicate_window: nanos(60_000) });

    await ensureEventStreams(nc, namespace, DEFAULT_EVENT_STREAMS, log);

    expect((await jsm.streams.info(name)).config).toMatchObject({
      max_age: nanos(14 * DAY_MS),
      duplicate_window: nanos(60_000),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`stream ${name} keeps`);
    expect(warnings[0]).toContain(`max_age ${nanos(14 * DAY_MS)} (configured ${nanos(7 * DAY_MS)})`);
    expect(warnings[0]).toContain('duplicate_window');
  });

  it('never asks an existing stream for other replicas (a single server would refuse them): it reports them', async () => {
    await ensureEventStreams(nc, namespace, DEFAULT_EVENT_STREAMS, log);
    const clustered = {
      events: { ...DEFAULT_EVENT_STREAMS.events, replicas: 3 },
      deadLetters: { ...DEFAULT_EVENT_STREAMS.deadLetters, replicas: 3 },
    };
    await ensureEventStreams(nc, namespace, clustered, log);
    expect((await jsm.streams.info(eventStreamName(namespace))).config.num_replicas).toBe(1);
    expect(warnings).toEqual([
      expect.stringContaining(`stream ${eventStreamName(namespace)} keeps num_replicas 1 (configured 3)`),
      expect.stringContaining(`stream ${deadLetterStreamName(namespace)} keeps num_replicas 1 (configured 3)`),
    ]);
  });

  it("brings an existing stream's subjects up to date (a new event) and keeps the operator's settings", async () => {
    const name = `${namespace.replace('.', '')}_subjects`;
    await ensureStream(jsm, { name, subjects: [`${namespace}a`], max_age: nanos(DAY_MS), num_replicas: 1 }, log);
    const { config } = await jsm.streams.info(name);
    await jsm.streams.update(name, { ...config, max_age: nanos(2 * DAY_MS) });
    try {
      await ensureStream(
        jsm,
        { name, subjects: [`${namespace}a`, `${namespace}b`], max_age: nanos(DAY_MS), num_replicas: 1 },
        log,
      );
      const after = (await jsm.streams.info(name)).config;
      expect(after.subjects).toEqual([`${namespace}a`, `${namespace}b`]);
      expect(after.max_age).toBe(nanos(2 * DAY_MS));
    } finally {
      await jsm.streams.delete(name);
    }
  });

  it('creates the streams once when several processes start together', async () => {
    await Promise.all([1, 2, 3].map(() => ensureEventStreams(nc, namespace, DEFAULT_EVENT_STREAMS, log)));
    expect((await jsm.streams.info(eventStreamName(namespace))).config.max_age).toBe(nanos(7 * DAY_MS));
    expect(warnings).toEqual([]);
  });
});
