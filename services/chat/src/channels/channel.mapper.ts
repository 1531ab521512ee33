import { normalizeIcon, type Channel } from '@teamchat/contracts';
import type { ChannelEntity } from './channel.entity.js';

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
});
