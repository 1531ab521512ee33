import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members directory's prefix search (`GET /api/users?q=`, issue 68): one pattern-ops btree per field a prefix is
 * looked up in, so `LIKE 'ada%'` reads the matching range whatever the database's collation. The first-name prefix
 * is the full name's ("ada" and "ada lov" alike).
 */
export class IdentityDirectoryIndexes1741000000000 implements MigrationInterface {
  name = 'IdentityDirectoryIndexes1741000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_USER_FULL_NAME_PREFIX" ON "identity"."user" (lower("first_name" || ' ' || "last_name") text_pattern_ops)`,
    );
    await q.query(
      `CREATE INDEX "IDX_USER_LAST_NAME_PREFIX" ON "identity"."user" (lower("last_name") text_pattern_ops)`,
    );
    await q.query(`CREATE INDEX "IDX_USER_USERNAME_PREFIX" ON "identity"."user" ("username" text_pattern_ops)`);
    await q.query(`CREATE INDEX "IDX_USER_HANDLE_PREFIX" ON "identity"."user" (lower("handle") text_pattern_ops)`);
    await q.query(`CREATE INDEX "IDX_USER_EMAIL_PREFIX" ON "identity"."user" ("email" text_pattern_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of [
      'IDX_USER_EMAIL_PREFIX',
      'IDX_USER_HANDLE_PREFIX',
      'IDX_USER_USERNAME_PREFIX',
      'IDX_USER_LAST_NAME_PREFIX',
      'IDX_USER_FULL_NAME_PREFIX',
    ])
      await q.query(`DROP INDEX "identity"."${name}"`);
  }
}
