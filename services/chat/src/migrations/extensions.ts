import type { QueryRunner } from 'typeorm';

/** The trusted contrib extensions the chat schema's indexes use. */
type Extension = 'pg_trgm' | 'btree_gin';

/** The schema an installed extension lives in. */
export const extensionSchema = async (q: QueryRunner, name: Extension): Promise<string> => {
  const [{ nspname }] = (await q.query(
    `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1`,
    [name],
  )) as { nspname: string }[];
  return nspname;
};

/**
 * Installs a trusted extension into the chat schema unless the database has it already (an extension exists once per
 * database, perhaps in another schema), and answers the schema it lives in.
 */
export const ensureExtension = async (q: QueryRunner, name: Extension): Promise<string> => {
  await q.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = '${name}') THEN
        CREATE EXTENSION ${name} WITH SCHEMA "chat";
      END IF;
    END $$`);
  return extensionSchema(q, name);
};
