// Container health check without curl in the image: `node deploy/docker/probe.mjs [url]` exits 0 on a 2xx answer.
// Without a URL (the image's HEALTHCHECK) it probes the process the container runs: the one named after
// entrypoint.mjs in PID 1's arguments (the gateway if none): the gateway and standalone at PORT's /api/health, a
// service at METRICS_PORT's /health; the migration job has nothing to probe.
import { readFileSync } from 'node:fs';
import { GATEWAY_PORT, METRICS_PORT, PROCESSES } from './processes.mjs';

const containerProcess = () => {
  try {
    const args = readFileSync('/proc/1/cmdline', 'utf8').split('\0');
    const at = args.findIndex((arg) => arg.endsWith('entrypoint.mjs'));
    if (at >= 0 && args[at + 1] && Object.hasOwn(PROCESSES, args[at + 1])) return args[at + 1];
  } catch {
    // not on Linux, or PID 1 not readable: the image's default process
  }
  return 'gateway';
};

const ownUrl = () => {
  const { kind } = PROCESSES[containerProcess()];
  if (kind === 'job') return null;
  return kind === 'service'
    ? `http://127.0.0.1:${process.env.METRICS_PORT || METRICS_PORT}/health`
    : `http://127.0.0.1:${process.env.PORT || GATEWAY_PORT}/api/health`;
};

const url = process.argv[2] ?? ownUrl();
if (!url) process.exit(0);
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  process.stderr.write(`${url}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
