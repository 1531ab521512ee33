import type { Section } from '@teamchat/contracts';
import type { ChannelSectionEntity } from './channel-section.entity.js';

export const toSection = (s: ChannelSectionEntity): Section => ({
  id: s.id,
  workspaceId: s.workspaceId,
  name: s.name,
  order: s.order,
  createdAt: s.createdAt.toISOString(),
  personal: s.ownerId != null,
});
