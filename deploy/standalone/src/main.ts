import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '@teamchat/config';
import { createLogger, PinoNestLogger, startDefaultMetrics } from '@teamchat/observability';
import { startStack } from './standalone.js';

/** `npm start`: the whole product in one process with embedded defaults. */
const started = performance.now();
const env = loadConfigOrExit();
const log = createLogger('standalone', env.LOG_LEVEL);
startDefaultMetrics();
const webDist = env.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
const stack = await startStack({
  env,
  webDist: existsSync(webDist) ? webDist : undefined,
  logger: new PinoNestLogger(log),
});
log.info({ ms: Math.round(performance.now() - started) }, 'started');
process.stdout.write(`\nTeam chat is running at ${stack.url} (started in ${Math.round(performance.now() - started)} ms)\n\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS).unref();
  await stack.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
