import { normalizeIcon, type Channel, type ChannelVisibility } from '@teamchat/contracts';
import type { ChannelEntity, ChannelType } from './channel.entity.js';

/** A DM is private whatever its row says (its row is written without a visibility). */
const visibilityOf = (type: ChannelType, visibility: ChannelVisibility | null | undefined): ChannelVisibility =>
  type === 'direct' ? 'private' : (visibility ?? 'public');

/** A channel as `viewerId` sees it (`joined`: they are a member). */
export const toChannel = (c: ChannelEntity, viewerId: string): Channel => ({
  id: c.id,
  workspaceId: c.workspaceId,
  name: c.name,
  description: c.description,
  sectionId: c.sectionId,
  type: c.type,
  participantIds: c.participantIds ?? [],
  icon: normalizeIcon(c.icon),
  order: c.order,
  createdAt: c.createdAt.toISOString(),
  visibility: visibilityOf(c.type, c.visibility),
  topic: c.topic ?? null,
  archived: c.archivedAt != null,
  isDefault: c.isDefault ?? false,
  memberCount: c.participantIds?.length ?? 0,
  joined: (c.participantIds ?? []).includes(viewerId),
  createdBy: c.createdBy ?? null,
});

/** A channel row as the prepared statements select it (`CHANNEL_COLUMNS`). */
export interface ChannelRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  section_id: string | null;
  type: ChannelType;
  participant_ids: string[] | null;
  icon: string;
  order: number;
  created_at: Date;
  visibility: ChannelVisibility;
  topic: string | null;
  archived_at: Date | null;
  is_default: boolean;
  created_by: string | null;
}

export const CHANNEL_COLUMNS =
  `c."id", c."workspace_id", c."name", c."description", c."section_id", c."type", c."participant_ids", c."icon", ` +
  `c."order", c."created_at", c."visibility", c."topic", c."archived_at", c."is_default", c."created_by"`;

/** As CHANNEL_COLUMNS, with the section and order the member `$2` put it in (`p`, their placement) when they did. */
export const SIDEBAR_COLUMNS = CHANNEL_COLUMNS.replace(
  'c."section_id"',
  'coalesce(p."section_id", c."section_id") AS "section_id"',
).replace('c."order"', 'coalesce(p."order", c."order") AS "order"');

export const channelFromRow = (c: ChannelRow, viewerId: string): Channel => ({
  id: c.id,
  workspaceId: c.workspace_id,
  name: c.name,
  description: c.description,
  sectionId: c.section_id,
  type: c.type,
  participantIds: c.participant_ids ?? [],
  icon: normalizeIcon(c.icon),
  order: c.order,
  createdAt: c.created_at.toISOString(),
  visibility: visibilityOf(c.type, c.visibility),
  topic: c.topic,
  archived: c.archived_at !== null,
  isDefault: c.is_default,
  memberCount: c.participant_ids?.length ?? 0,
  joined: (c.participant_ids ?? []).includes(viewerId),
  createdBy: c.created_by,
});
