// The processes the one image can run, chosen by the container's first argument (see entrypoint.mjs). Paths are
// relative to the image's working directory, which is the repository root; each `dist/*.js` is built from the
// `src/*.ts` of the same name by `npm run build`.
import { readFileSync } from 'node:fs';

/**
 * The services, in the order the product lists them: the keys of libs/contracts/services.json, which SERVICE_NAMES is
 * made of too (read as JSON: this runs before, and apart from, the compiled TypeScript).
 */
export const SERVICES = Object.keys(
  JSON.parse(readFileSync(new URL('../../libs/contracts/services.json', import.meta.url), 'utf8')),
);

/** Port each long-running process listens on: the gateway's HTTP port, or a service's metrics and health port. */
export const GATEWAY_PORT = 3000;
export const METRICS_PORT = 9464;

/**
 * The flags `node` runs every process of the product with: the image's ENTRYPOINT (the Dockerfile spells them out),
 * `npm start`, `npm run cluster` and the benchmarks.
 *
 * `--single-threaded-gc`: V8 does its garbage collection on the JavaScript thread instead of handing parts of it to
 * helper threads. Each process runs its JavaScript on one thread and the product scales by processes (a pod is
 * limited to one core in deploy/k8s); helper threads compete with the process's own thread and with the other
 * processes for the same cores, and under a CPU quota they spend it too. With two gateways and six services on two
 * cores (bench/fanout, 2,000 sockets, 200 msg/s, seven alternated pairs), all processes together used 1.96 ms of CPU
 * per message with the flag against 2.18 without.
 *
 * `--no-allocation-site-pretenuring`: V8 allocates every object in the young generation instead of straight in the
 * old one for the allocation sites it has seen objects survive. It had pretenured node-postgres's result rows (one
 * site serves every row of every query), so each row went to the old generation, kept its young strings alive
 * through the scavenges after it, and was freed only by a full collection: scavenges of 4 ms every 100 ms under
 * searches, about 2 MB promoted each time, where without it they take about 1 ms and promote nothing. An empty search
 * through the standalone product right after a search (bench/search's route floor, 1,500 of each, four alternated
 * runs) answered at p99 1.1-1.7 ms with the flag against 3.9-4.2 without, the searches at 3.5-4.4 against 5.5-5.9;
 * the medians did not move, nor did bench/fanout (four alternated pairs: 1.29-1.35 ms of CPU per message against
 * 1.29-1.38).
 */
export const NODE_FLAGS = ['--single-threaded-gc', '--no-allocation-site-pretenuring'];

/**
 * @typedef {{ entry: string, kind: 'gateway' | 'service' | 'standalone' | 'job', port?: number }} ProcessSpec
 * @type {Record<string, ProcessSpec>}
 */
export const PROCESSES = {
  gateway: { entry: 'gateway/dist/main.js', kind: 'gateway', port: GATEWAY_PORT },
  ...Object.fromEntries(
    SERVICES.map((name) => [name, { entry: `services/${name}/dist/main.js`, kind: 'service', port: METRICS_PORT }]),
  ),
  standalone: { entry: 'deploy/standalone/dist/main.js', kind: 'standalone', port: GATEWAY_PORT },
  migrate: { entry: 'deploy/docker/migrate.mjs', kind: 'job' },
};
