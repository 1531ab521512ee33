import { ChatInit1732100000000 } from './1732100000000-init.js';
import { ChatSearchPlanning1735000000000 } from './1735000000000-search-planning.js';
import { ChatMessageDepth1736000000000 } from './1736000000000-message-depth.js';
import { ChatDeletedMessageBody1736000000100 } from './1736000000100-deleted-message-body.js';
import { ChatNotificationPrefs1736000000500 } from './1736000000500-notification-prefs.js';
import { ChatChangeClock1736000000600 } from './1736000000600-change-clock.js';
import { ChatSearchIndexes1736000000700 } from './1736000000700-search-indexes.js';
import { ChatGinPendingList1736000000800 } from './1736000000800-gin-pending-list.js';
import { ChatImageSearchIndexes1736000000900 } from './1736000000900-image-search-indexes.js';
import { ChatImageMessagesNewestFirst1736000001000 } from './1736000001000-image-messages-newest-first.js';
import { ChatChannelMembership1737000000000 } from './1737000000000-channel-membership.js';
import { ChatGroupDmKey1737000000100 } from './1737000000100-group-dm-key.js';
import { ChatSidebarPlacement1737000000200 } from './1737000000200-sidebar-placement.js';

/** Committed migrations of the chat schema, in order. */
export const chatMigrations: Function[] = [
  ChatInit1732100000000,
  ChatSearchPlanning1735000000000,
  ChatMessageDepth1736000000000,
  ChatDeletedMessageBody1736000000100,
  ChatNotificationPrefs1736000000500,
  ChatChangeClock1736000000600,
  ChatSearchIndexes1736000000700,
  ChatGinPendingList1736000000800,
  ChatImageSearchIndexes1736000000900,
  ChatImageMessagesNewestFirst1736000001000,
  ChatChannelMembership1737000000000,
  ChatGroupDmKey1737000000100,
  ChatSidebarPlacement1737000000200,
];
