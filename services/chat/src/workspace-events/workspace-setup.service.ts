import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BusClient } from '@teamchat/bus';
import { WorkspaceContracts } from '@teamchat/contracts';

export const DEFAULT_SECTION_NAME = 'Channels';
export const DEFAULT_CHANNEL = {
  name: 'general',
  description: 'General discussion for the whole team',
  icon: 'Hash',
} as const;

/** What reacts to a member joining or leaving a workspace (channel membership registers here). */
export interface WorkspaceMemberHooks {
  added(workspaceId: string, userId: string): Promise<void>;
  removed(workspaceId: string, userId: string): Promise<void>;
}

/**
 * Gives a new workspace its default section and `general` channel (a default channel: every member joins it),
 * exactly once: on `workspace.workspace.created`, and lazily on first use should that event come late (it is
 * durable: a chat that was down gets it when back).
 *
 * A workspace set up before channels had members is backfilled on its first use since (once, under its setup row's
 * lock): every member the workspace service lists joins every regular channel that exists, as each of them read every
 * channel before, and counts as set up (their default channels are not joined again).
 */
@Injectable()
export class WorkspaceSetupService {
  private readonly logger = new Logger(WorkspaceSetupService.name);
  private readonly done = new Set<string>();
  private readonly hooks: WorkspaceMemberHooks[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly bus: BusClient,
  ) {}

  onMember(hooks: WorkspaceMemberHooks): void {
    this.hooks.push(hooks);
  }

  async memberAdded(workspaceId: string, userId: string): Promise<void> {
    for (const h of this.hooks) await h.added(workspaceId, userId);
  }

  async memberRemoved(workspaceId: string, userId: string): Promise<void> {
    for (const h of this.hooks) await h.removed(workspaceId, userId);
  }

  async ensure(workspaceId: string): Promise<void> {
    if (this.done.has(workspaceId)) return;
    const backfilled = await this.db.transaction(async (m) => {
      // the primary key serialises concurrent callers: the second waits, then finds the row and does nothing
      const inserted = (await m.query(
        `INSERT INTO "chat"."workspace_setup" ("workspace_id", "members_backfilled") VALUES ($1, true)
         ON CONFLICT DO NOTHING RETURNING "workspace_id"`,
        [workspaceId],
      )) as unknown[];
      if (inserted.length === 0) {
        const [row] = (await m.query(
          `SELECT "members_backfilled" FROM "chat"."workspace_setup" WHERE "workspace_id" = $1`,
          [workspaceId],
        )) as { members_backfilled: boolean }[];
        return row?.members_backfilled ?? true;
      }
      const [section] = (await m.query(
        `INSERT INTO "chat"."channel_section" ("workspace_id", "name", "order") VALUES ($1, $2, 0) RETURNING "id"`,
        [workspaceId, DEFAULT_SECTION_NAME],
      )) as { id: string }[];
      await m.query(
        `INSERT INTO "chat"."channel" ("workspace_id", "name", "description", "section_id", "type", "icon", "order",
                                       "visibility", "is_default", "participant_ids")
         VALUES ($1, $2, $3, $4, 'regular', $5, 0, 'public', true, '{}')`,
        [workspaceId, DEFAULT_CHANNEL.name, DEFAULT_CHANNEL.description, section.id, DEFAULT_CHANNEL.icon],
      );
      this.logger.debug(`workspace ${workspaceId} set up with #${DEFAULT_CHANNEL.name}`);
      return true;
    });
    if (!backfilled) await this.backfill(workspaceId);
    if (this.done.size > 50_000) this.done.clear();
    this.done.add(workspaceId);
  }

  /** Every listed member into every regular channel of a workspace set up before membership (see the class). */
  private async backfill(workspaceId: string): Promise<void> {
    const members = await this.bus.request(WorkspaceContracts.listMembers, { workspaceId });
    const userIds = members.map((m) => m.userId);
    await this.db.transaction(async (m) => {
      const [row] = (await m.query(
        `SELECT "members_backfilled" FROM "chat"."workspace_setup" WHERE "workspace_id" = $1 FOR UPDATE`,
        [workspaceId],
      )) as { members_backfilled: boolean }[];
      if (!row || row.members_backfilled) return;
      await m.query(
        `INSERT INTO "chat"."channel_member" ("channel_id", "user_id", "workspace_id", "role", "joined_at")
         SELECT c."id", u, c."workspace_id", 'member', c."created_at"
           FROM "chat"."channel" c CROSS JOIN unnest($2::uuid[]) u
          WHERE c."workspace_id" = $1 AND c."type" = 'regular'
         ON CONFLICT DO NOTHING`,
        [workspaceId, userIds],
      );
      await m.query(
        `UPDATE "chat"."channel" c SET "participant_ids" = (
           SELECT coalesce(array_agg(cm."user_id" ORDER BY cm."joined_at", cm."user_id"), '{}')
             FROM "chat"."channel_member" cm WHERE cm."channel_id" = c."id")
         WHERE c."workspace_id" = $1 AND c."type" = 'regular'`,
        [workspaceId],
      );
      await m.query(
        `INSERT INTO "chat"."member_setup" ("workspace_id", "user_id") SELECT $1, u FROM unnest($2::uuid[]) u
         ON CONFLICT DO NOTHING`,
        [workspaceId, userIds],
      );
      await m.query(`UPDATE "chat"."workspace_setup" SET "members_backfilled" = true WHERE "workspace_id" = $1`, [
        workspaceId,
      ]);
      this.logger.log(`workspace ${workspaceId}: ${userIds.length} members backfilled into its channels`);
    });
  }
}
