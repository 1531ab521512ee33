// A member's own sidebar: the sections they see and where they put channels (chat.sidebar_placement), over the
// workspace's defaults (each channel's section_id and order).
import type { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import type { BusClient } from '@teamchat/bus';
import { RealtimeEvents } from '@teamchat/contracts';
import { isUuid } from '../common/ids.js';
import { ChannelSectionEntity } from './channel-section.entity.js';

/** The section if the member sees it: one of the workspace's, or one of their own (another member's is not there). */
export const visibleSection = async (
  m: EntityManager,
  workspaceId: string,
  userId: string,
  sectionId: string,
  lock = false,
): Promise<ChannelSectionEntity | null> => {
  if (!isUuid(sectionId)) return null;
  const found = await m.findOne(ChannelSectionEntity, {
    where: [
      { id: sectionId, workspaceId, ownerId: IsNull() },
      { id: sectionId, workspaceId, ownerId: userId },
    ],
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  return found;
};

/** The ids of the member's sidebar channels in a section, in their order (placements first, defaults otherwise). */
export const channelsInSection = async (
  m: EntityManager,
  workspaceId: string,
  userId: string,
  sectionId: string,
): Promise<string[]> => {
  const rows = (await m.query(
    `SELECT c."id" FROM "chat"."channel" c
     LEFT JOIN "chat"."sidebar_placement" p ON p."channel_id" = c."id" AND p."user_id" = $2
     WHERE c."workspace_id" = $1 AND c."type" = 'regular' AND c."participant_ids" @> ARRAY[$2::uuid]
       AND c."archived_at" IS NULL AND coalesce(p."section_id", c."section_id") = $3
     ORDER BY coalesce(p."order", c."order"), c."created_at", c."id"`,
    [workspaceId, userId, sectionId],
  )) as { id: string }[];
  return rows.map((r) => r.id);
};

/** Where the member has a channel now: their placement's section, else the channel's own. */
export const placedSection = async (
  m: EntityManager,
  userId: string,
  channel: { id: string; sectionId: string | null },
): Promise<string | null> => {
  const [row] = (await m.query(
    `SELECT "section_id" FROM "chat"."sidebar_placement" WHERE "channel_id" = $1 AND "user_id" = $2`,
    [channel.id, userId],
  )) as { section_id: string }[];
  return row?.section_id ?? channel.sectionId;
};

/** Writes the member's placement of each channel in `ids` into the section, at its index there. */
export const place = async (
  m: EntityManager,
  workspaceId: string,
  userId: string,
  sectionId: string,
  ids: readonly string[],
): Promise<void> => {
  if (ids.length === 0) return;
  await m.query(
    `INSERT INTO "chat"."sidebar_placement" ("channel_id", "user_id", "workspace_id", "section_id", "order")
     SELECT id, $2, $3, $4, (ord - 1)::int FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)
     ON CONFLICT ("channel_id", "user_id")
     DO UPDATE SET "section_id" = EXCLUDED."section_id", "order" = EXCLUDED."order", "updated_at" = now()`,
    [ids, userId, workspaceId, sectionId],
  );
};

/** The members' screens refetch their sidebar (`sidebar_changed`, to them only); nobody else hears of it. */
export const sidebarChanged = async (
  bus: BusClient,
  logger: Logger,
  workspaceId: string,
  userIds: string | readonly string[],
): Promise<void> => {
  const to = typeof userIds === 'string' ? [userIds] : userIds;
  if (to.length === 0) return;
  try {
    await bus.emit(RealtimeEvents.workspaceBroadcast, {
      workspaceId,
      frame: { type: 'sidebar_changed', workspaceId },
      userIds: to.slice(0, 5000),
    });
  } catch (err) {
    // the change is committed; the members' other screens catch up on their next refetch
    logger.warn(`sidebar_changed not sent: ${err instanceof Error ? err.message : String(err)}`);
  }
};
