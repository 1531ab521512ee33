import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export const DEFAULT_SECTION_NAME = 'Channels';
export const DEFAULT_CHANNEL = {
  name: 'general',
  description: 'General discussion for the whole team',
  icon: 'Hash',
} as const;

/**
 * Gives a new workspace its default section and `general` channel, exactly once: on `workspace.workspace.created`,
 * and lazily on first use should that event come late (it is durable: a chat that was down gets it when back).
 */
@Injectable()
export class WorkspaceSetupService {
  private readonly logger = new Logger(WorkspaceSetupService.name);
  private readonly done = new Set<string>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ensure(workspaceId: string): Promise<void> {
    if (this.done.has(workspaceId)) return;
    await this.db.transaction(async (m) => {
      // the primary key serialises concurrent callers: the second waits, then finds the row and does nothing
      const inserted = (await m.query(
        `INSERT INTO "chat"."workspace_setup" ("workspace_id") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "workspace_id"`,
        [workspaceId],
      )) as unknown[];
      if (inserted.length === 0) return;
      const [section] = (await m.query(
        `INSERT INTO "chat"."channel_section" ("workspace_id", "name", "order") VALUES ($1, $2, 0) RETURNING "id"`,
        [workspaceId, DEFAULT_SECTION_NAME],
      )) as { id: string }[];
      await m.query(
        `INSERT INTO "chat"."channel" ("workspace_id", "name", "description", "section_id", "type", "icon", "order")
         VALUES ($1, $2, $3, $4, 'regular', $5, 0)`,
        [workspaceId, DEFAULT_CHANNEL.name, DEFAULT_CHANNEL.description, section.id, DEFAULT_CHANNEL.icon],
      );
      this.logger.debug(`workspace ${workspaceId} set up with #${DEFAULT_CHANNEL.name}`);
    });
    if (this.done.size > 50_000) this.done.clear();
    this.done.add(workspaceId);
  }
}
