import { normalizeIcon, type Channel } from '@teamchat/contracts';
import type { ChannelEntity, ChannelType } from './channel.entity.js';

export const toChannel = (c: ChannelEntity): Channel => ({
  id: c.id,
  workspaceId: c.workspaceId,
  name: c.name,
  description: c.description,
  sectionId: c.sectionId,
  type: c.type,
  participantIds: c.participantIds,
  icon: normalizeIcon(c.icon),
  order: c.order,
  createdAt: c.createdAt.toISOString(),
  visibility: c.type === 'direct' ? 'private' : 'public',
  topic: null,
  archived: false,
  isDefault: false,
  memberCount: c.participantIds?.length ?? 0,
  joined: true,
  createdBy: null,
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
}

export const CHANNEL_COLUMNS = `c."id", c."workspace_id", c."name", c."description", c."section_id", c."type", c."participant_ids", c."icon", c."order", c."created_at"`;

export const channelFromRow = (c: ChannelRow): Channel => ({
  id: c.id,
  workspaceId: c.workspace_id,
  name: c.name,
  description: c.description,
  sectionId: c.section_id,
  type: c.type,
  participantIds: c.participant_ids,
  icon: normalizeIcon(c.icon),
  order: c.order,
  createdAt: c.created_at.toISOString(),
  visibility: c.type === 'direct' ? 'private' : 'public',
  topic: null,
  archived: false,
  isDefault: false,
  memberCount: c.participant_ids?.length ?? 0,
  joined: true,
  createdBy: null,
});
