import { ChannelSectionEntity } from './sections/channel-section.entity.js';
import { ChannelEntity } from './channels/channel.entity.js';
import { MessageEntity } from './messages/message.entity.js';
import { ThreadFollowerEntity } from './messages/thread-follower.entity.js';
import { CustomReactionEntity } from './reactions/custom-reaction.entity.js';
import { MessageReactionEntity } from './reactions/message-reaction.entity.js';
import { ChannelReadEntity } from './unread/channel-read.entity.js';
import { WorkspaceSetupEntity } from './workspace-events/workspace-setup.entity.js';

/** Entities of the chat schema. */
export const chatEntities: Function[] = [
  ChannelSectionEntity,
  ChannelEntity,
  MessageEntity,
  ThreadFollowerEntity,
  CustomReactionEntity,
  MessageReactionEntity,
  ChannelReadEntity,
  WorkspaceSetupEntity,
];
