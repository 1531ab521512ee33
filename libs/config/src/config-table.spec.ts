import { readFileSync } from 'node:fs';
import { CONFIG_TABLE_END, renderConfigTable, spliceConfigTable, undocumentedVariables } from './config-table.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README configuration table', () => {
  it('documents every variable of the env schema once', () => {
    expect(undocumentedVariables()).toEqual({ missing: [], repeated: [] });
  });

  it('is what libs/config generates (run `node scripts/config-table.mjs` to rewrite it)', () => {
    const generated = spliceConfigTable(readme, renderConfigTable());
    if (generated !== readme)
      throw new Error(
        'README.md: the configuration table differs from libs/config/src/env.docs.ts and env.schema.ts; run `node scripts/config-table.mjs`',
      );
  });

  it('states defaults from the schema, not by hand', () => {
    const table = renderConfigTable();
    expect(table).toContain('`PORT=3000`, `HOST=0.0.0.0`: where the gateway listens');
    expect(table).toContain('`MIGRATIONS_RUN=true`');
    expect(table).toContain('`EVENT_RETRY_BACKOFF_MS=1000,5000,30000,60000`');
    expect(table).toContain('`BUS_NAMESPACE` (empty)');
    expect(table).toContain('`SESSION_SECRET` (default generated into `DATA_DIR`)');
    expect(table).toContain('- `REDIS_URL`: Redis');
  });

  it('refuses a README without the markers', () => {
    expect(() => spliceConfigTable('# no table here\n', renderConfigTable())).toThrow(CONFIG_TABLE_END);
  });
});
