import { EMBEDDED_POSTGRES_MISSING, loadEmbeddedPostgres } from './embedded-postgres.js';
import { EmbeddedPostgresError } from './embedded-postgres.errors.js';

describe(loadEmbeddedPostgres.name, () => {
  it('loads the optional package where it is installed', async () => {
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
  });

  it('says plainly what to do where the optional package is left out (the default container image)', async () => {
    const missing = Object.assign(new Error("Cannot find package 'embedded-postgres'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const refused = loadEmbeddedPostgres(() => Promise.reject(missing));
    await expect(refused).rejects.toBeInstanceOf(EmbeddedPostgresError);
    await expect(refused).rejects.toThrow(EMBEDDED_POSTGRES_MISSING);
    expect(EMBEDDED_POSTGRES_MISSING).toContain('set DATABASE_URL');
  });

  it('passes any other failure on as it is', async () => {
    const broken = new Error('boom');
    await expect(loadEmbeddedPostgres(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
