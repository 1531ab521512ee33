import { ChannelSectionEntity } from './sections/channel-section.entity.js';
import { ChannelEntity } from './channels/channel.entity.js';
import { ChannelReadEntity } from './unread/channel-read.entity.js';
import { WorkspaceSetupEntity } from './workspace-events/workspace-setup.entity.js';

/**
 * Entities of the chat schema that services still read through TypeORM. Messages, their thread followers and
 * reactions, and custom reactions have no entity: their tables are made by the migrations and read and written only
 * through the store (`store/`).
 */
export const chatEntities: Function[] = [ChannelSectionEntity, ChannelEntity, ChannelReadEntity, WorkspaceSetupEntity];
