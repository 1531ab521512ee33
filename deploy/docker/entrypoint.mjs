// Container entry point: `node deploy/docker/entrypoint.mjs <process> [args…]` runs one process of the product in
// this image: `gateway` (default), one of the six services, `standalone`, or `migrate` (the migration job).
import { PROCESSES } from './processes.mjs';

const name = process.argv[2] ?? 'gateway';
const spec = Object.hasOwn(PROCESSES, name) ? PROCESSES[name] : undefined;
if (!spec) {
  process.stderr.write(`Unknown process "${name}". Choose one of: ${Object.keys(PROCESSES).join(', ')}\n`);
  process.exit(64);
}
// the chosen process sees its own arguments as if it had been started directly
process.argv.splice(2, 1);
await import(new URL(`../../${spec.entry}`, import.meta.url).href);
