// The migration job: `migrate` applies every service's migrations and exits; `migrate --wait <service>` (init
// container of each service's pods) exits once that service's schema is current, so new replicas never start on an
// old schema.
import { loadConfigOrExit } from '@teamchat/config';
import { runAllMigrations, waitForMigrations } from './migrations.mjs';
import { SERVICES } from './processes.mjs';

const env = loadConfigOrExit();
if (!env.DATABASE_URL) {
  process.stderr.write('Invalid environment: DATABASE_URL is required to run migrations\n');
  process.exit(78);
}
const log = (line) => process.stdout.write(`${JSON.stringify({ level: 'info', name: 'migrate', msg: line })}\n`);
const args = process.argv.slice(2);

try {
  if (args[0] === '--wait') {
    const service = args[1];
    if (!SERVICES.includes(service)) {
      process.stderr.write(`usage: migrate --wait <${SERVICES.join('|')}>\n`);
      process.exit(64);
    }
    await waitForMigrations({ databaseUrl: env.DATABASE_URL, service, log });
    log(`${service}: schema is current`);
  } else {
    if (!env.MIGRATIONS_RUN) {
      log('MIGRATIONS_RUN=false: nothing to do');
      process.exit(0);
    }
    await runAllMigrations({ databaseUrl: env.DATABASE_URL, log });
  }
  process.exit(0);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
