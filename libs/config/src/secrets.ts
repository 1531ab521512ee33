import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret from the environment or, for local runs, one generated once and kept under DATA_DIR so sessions and
 * signed URLs survive a restart. Production deployments must set the variable.
 */
export const secretFromEnvOrDataDir = (value: string | undefined, dataDir: string, name: string, production: boolean): string => {
  if (value) return value;
  if (production) throw new Error(`${name} must be set in production`);
  const file = join(dataDir, `${name.toLowerCase()}.key`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};
