import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TasksInit1732300000000 implements MigrationInterface {
  name = 'TasksInit1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "tasks"."task" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "workspace_id" uuid NOT NULL,
      "created_by" uuid NOT NULL,
      "title" varchar(500) NOT NULL,
      "completed" boolean NOT NULL DEFAULT false,
      "is_team" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_TASK" PRIMARY KEY ("id"),
      CONSTRAINT "CHK_TASK_TITLE" CHECK (length(btrim("title")) BETWEEN 1 AND 500)
    )`);
    await q.query(
      `CREATE INDEX "IDX_TASK_PERSONAL" ON "tasks"."task" ("workspace_id", "created_by", "created_at") WHERE "is_team" = false`,
    );
    await q.query(
      `CREATE INDEX "IDX_TASK_TEAM" ON "tasks"."task" ("workspace_id", "created_at") WHERE "is_team" = true`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "tasks"."task"`);
  }
}
