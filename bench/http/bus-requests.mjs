// What one bus request costs the process that sends it: nats.js's own `request` against the product's ReplyInbox
// (libs/bus), alternated over the same two connections of the machine's NATS, with a trivial responder in this same
// process (its share is the same on both sides). Prints CPU µs and wall µs per request, per round.
//
//   node bench/http/bus-requests.mjs [--requests 20000] [--concurrency 10] [--rounds 3]
import { loadavg } from 'node:os';
import { parseArgs as parseNodeArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { ReplyInbox } from '@teamchat/bus';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
// a request packet the size of Nest's for a small call
const PACKET = JSON.stringify({ pattern: 'bench.echo', data: { actor: { userId: 'u', workspaceId: 'w' } }, id: 'x' });

export const parseArgs = (argv) => {
  const { values } = parseNodeArgs({
    args: argv,
    options: {
      requests: { type: 'string', default: '20000' },
      concurrency: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
    },
  });
  return { requests: Number(values.requests), concurrency: Number(values.concurrency), rounds: Number(values.rounds) };
};

/** `requests` requests, `concurrency` at a time: CPU (user + system) and wall time per request, in µs. */
const measure = async ({ requests, concurrency }, send) => {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started++ < requests) await send();
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: (cpu.user + cpu.system) / requests, wallUs: ((performance.now() - wall0) * 1000) / requests };
};

export const runBusRequestBench = async ({
  requests = 20000,
  concurrency = 10,
  rounds = 3,
  log = console.log,
} = {}) => {
  const [server, client] = await Promise.all([
    connect({ servers: NATS_URL }),
    // as the product's bus client connects (libs/bus, BusModule)
    connect({ servers: NATS_URL, noAsyncTraces: true }),
  ]);
  const subject = `bench.bus-requests.${process.pid}`;
  server.subscribe(subject, { callback: (_err, msg) => msg.respond('{"response":{"ok":true},"isDisposed":true}') });
  await server.flush();
  const inbox = ReplyInbox.of(client);
  const sides = {
    'nats.js request': () => client.request(subject, PACKET, { timeout: 5000 }),
    ReplyInbox: () => inbox.request(subject, PACKET, 5000),
  };
  const rows = [];
  try {
    // unmeasured: both paths compiled and warm
    for (const send of Object.values(sides)) await measure({ requests: Math.min(requests, 2000), concurrency }, send);
    for (let round = 1; round <= rounds; round++) {
      for (const [side, send] of Object.entries(sides))
        rows.push({ round, side, ...(await measure({ requests, concurrency }, send)) });
    }
  } finally {
    await Promise.all([client.close(), server.close()]);
  }
  const lines = [
    `bus requests: ${requests} per run, ${concurrency} at a time, ${rounds} round(s); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    '| round | path | CPU µs / request | wall µs / request |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.round} | ${r.side} | ${r.cpuUs.toFixed(1)} | ${r.wallUs.toFixed(1)} |`),
  ];
  const report = lines.join('\n');
  log(report);
  return { rows, report };
};

if (import.meta.url === `file://${process.argv[1]}`) await runBusRequestBench(parseArgs(process.argv.slice(2)));
