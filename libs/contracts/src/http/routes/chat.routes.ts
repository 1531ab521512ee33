// Chat: channels, sections, DMs, messages, threads, reactions, pins and notifications (spec 1 §7, spec 2 §7, issue 18).
import { z } from 'zod';
import { ErrorCodes } from '../../errors.js';
import { ChatContracts } from '../../bus/chat.contracts.js';
import { NotificationContracts } from '../../bus/notifications.contracts.js';
import {
  AddChannelMembersSchema,
  BrowseChannelsQuerySchema,
  ChannelMemberSchema,
  ChannelSchema,
  CreateChannelSchema,
  PrivateChannelSummarySchema,
  UpdateChannelSchema,
  CreateCustomReactionSchema,
  CreateDmSchema,
  CreateMessageSchema,
  CreateSectionSchema,
  CustomReactionSchema,
  EditMessageSchema,
  ListMessagesHttpQuerySchema,
  MessageReactionsSchema,
  MessageSchema,
  ReactionBodySchema,
  ReadStateSchema,
  RenameChannelSchema,
  ReorderChannelSchema,
  RenameSectionSchema,
  SEARCH_CURSOR_HEADER,
  SearchQuerySchema,
  SearchResultSchema,
  SectionSchema,
  UNREAD_COUNT_CAP,
  UnreadCountSchema,
} from '../chat.schema.js';
import { FollowedThreadSchema, ThreadReadStateSchema, ThreadSchema } from '../threads.schema.js';
import {
  BroadcastMentionPolicySchema,
  ChannelNotificationPrefSchema,
  MentionsPageSchema,
  MentionsQuerySchema,
  NotificationPrefsSchema,
  UpdateBroadcastMentionPolicySchema,
  UpdateChannelNotificationPrefSchema,
  UpdateNotificationPrefsSchema,
} from '../notifications.schema.js';
import { forwardRoute, gatewayRoute, uuidParam } from '../route.js';

const channelId = uuidParam('Channel not found', ErrorCodes.channelNotFound);
const messageId = uuidParam('Message not found', ErrorCodes.messageNotFound);
const memberUserId = uuidParam('User not found in this channel', ErrorCodes.memberNotFound);

export const ChannelRoutes = {
  listChannels: forwardRoute({
    method: 'GET',
    path: '/api/channels',
    tag: 'Channels',
    summary: 'Your channels',
    description: 'The regular channels of the current workspace you are a member of (not archived), in sidebar order.',
    auth: 'member',
    params: {},
    response: z.array(ChannelSchema),
    forward: ChatContracts.listChannels,
  }),
  createChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels',
    tag: 'Channels',
    summary: 'Create a channel',
    description:
      'Create a channel (first section unless given; icon Hash unless a known one), public unless visibility is ' +
      "'private'. The creator joins it as its channel admin; participantIds adds members of the workspace besides " +
      '(404 for anyone else).',
    auth: 'member',
    params: {},
    body: CreateChannelSchema,
    response: ChannelSchema,
    forward: ChatContracts.createChannel,
  }),
  browseChannels: forwardRoute({
    method: 'GET',
    path: '/api/channels/browse',
    tag: 'Channels',
    summary: 'Browse channels',
    description:
      'The channel browser: every public channel of the workspace and the private ones you are a member of, whose ' +
      'name contains q (any case), by name; each says whether you joined it (joined), its member count and whether ' +
      'it is archived.',
    auth: 'member',
    params: {},
    query: BrowseChannelsQuerySchema,
    response: z.array(ChannelSchema),
    forward: ChatContracts.browseChannels,
  }),
  listPrivateChannels: forwardRoute({
    method: 'GET',
    path: '/api/private-channels',
    tag: 'Channels',
    summary: 'Private channels (governance)',
    description:
      'Every private channel of the workspace with its member count, for workspace admins (403 otherwise); their ' +
      'messages stay readable by members only.',
    auth: 'admin',
    params: {},
    response: z.array(PrivateChannelSummarySchema),
    forward: ChatContracts.listPrivateChannels,
  }),
  getChannel: forwardRoute({
    method: 'GET',
    path: '/api/channels/{channelId}',
    tag: 'Channels',
    summary: 'A channel',
    description:
      'One channel you may read: a public channel of the workspace (a preview before joining: joined is false) or ' +
      "one you are a member of. A private channel you are not in answers 404, like another workspace's.",
    auth: 'member',
    params: { channelId },
    response: ChannelSchema,
    forward: ChatContracts.getChannel,
  }),
  updateChannel: forwardRoute({
    method: 'PATCH',
    path: '/api/channels/{channelId}',
    tag: 'Channels',
    summary: 'Edit topic or purpose',
    description:
      'Set the topic and purpose (description) of a channel you are a member of (null or blank clears them); ' +
      'isDefault (workspace admins, 403 otherwise) makes new members of the workspace join it. Each change posts a ' +
      'system message. 409 while archived; 400 on a DM.',
    auth: 'member',
    params: { channelId },
    body: UpdateChannelSchema,
    response: ChannelSchema,
    forward: ChatContracts.updateChannel,
  }),
  joinChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/join',
    tag: 'Channels',
    summary: 'Join a channel',
    description:
      'Join a public channel (posts "… joined"); joining again changes nothing. A private channel needs an ' +
      'invitation (404 without one); 409 while archived; 400 on a DM.',
    auth: 'member',
    params: { channelId },
    status: 200,
    response: ChannelSchema,
    forward: ChatContracts.joinChannel,
  }),
  leaveChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/leave',
    tag: 'Channels',
    summary: 'Leave a channel',
    description:
      'Leave a channel (posts "… left"); a private one then needs an invitation back. The last member cannot leave ' +
      '(409); 400 on a DM.',
    auth: 'member',
    params: { channelId },
    status: 200,
    response: z.object({ channelId: z.uuid() }),
    forward: ChatContracts.leaveChannel,
  }),
  listChannelMembers: forwardRoute({
    method: 'GET',
    path: '/api/channels/{channelId}/members',
    tag: 'Channels',
    summary: 'Members of a channel',
    description: 'The members of a channel you may read, in the order they joined, with their channel role.',
    auth: 'member',
    params: { channelId },
    response: z.array(ChannelMemberSchema),
    forward: ChatContracts.listChannelMembers,
  }),
  addChannelMembers: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/members',
    tag: 'Channels',
    summary: 'Add members',
    description:
      'A member adds members of the workspace to the channel (posts "… added …"; those already in are skipped). ' +
      'Anyone not in the workspace: 404, nothing added. 409 while archived; 400 on a DM.',
    auth: 'member',
    params: { channelId },
    status: 200,
    body: AddChannelMembersSchema,
    response: ChannelSchema,
    forward: ChatContracts.addChannelMembers,
  }),
  removeChannelMember: forwardRoute({
    method: 'DELETE',
    path: '/api/channels/{channelId}/members/{userId}',
    tag: 'Channels',
    summary: 'Remove a member',
    description:
      'A channel admin (its creator, or a workspace admin; 403 otherwise) removes a member (posts "… removed …"); ' +
      'their open screens drop the channel at once. Someone not in the channel: 404; the last member: 409.',
    auth: 'member',
    params: { channelId, userId: memberUserId },
    response: ChannelSchema,
    forward: ChatContracts.removeChannelMember,
  }),
  convertChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/convert',
    tag: 'Channels',
    summary: 'Make a channel private',
    description:
      'Convert a public channel to private, keeping its history and members (workspace admins, 403 otherwise; not ' +
      'back). A private one: 409; a DM: 400.',
    auth: 'member',
    params: { channelId },
    status: 200,
    response: ChannelSchema,
    forward: ChatContracts.convertChannel,
  }),
  archiveChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/archive',
    tag: 'Channels',
    summary: 'Archive a channel',
    description:
      'Archive a channel (a channel admin): read-only, out of the sidebar, still searchable and linkable. Archived ' +
      'already: 409; a DM: 400.',
    auth: 'member',
    params: { channelId },
    status: 200,
    response: ChannelSchema,
    forward: ChatContracts.archiveChannel,
  }),
  unarchiveChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/unarchive',
    tag: 'Channels',
    summary: 'Unarchive a channel',
    description: 'Make an archived channel writable again (a channel admin). Not archived: 409.',
    auth: 'member',
    params: { channelId },
    status: 200,
    response: ChannelSchema,
    forward: ChatContracts.unarchiveChannel,
  }),
  reorderChannel: forwardRoute({
    method: 'POST',
    path: '/api/channels/reorder',
    tag: 'Channels',
    summary: 'Move a channel',
    description:
      "Move a channel to a position in its section of the caller's sidebar, or into another section (`sectionId`, " +
      "the workspace's or the caller's own); only the caller's sidebar changes. Answers the section as the caller " +
      'sees it, renumbered 0..n-1.',
    auth: 'member',
    params: {},
    status: 200,
    body: ReorderChannelSchema,
    response: z.array(ChannelSchema),
    forward: ChatContracts.reorderChannel,
  }),
  renameChannel: forwardRoute({
    method: 'PATCH',
    path: '/api/channels/{channelId}/name',
    tag: 'Channels',
    summary: 'Rename a channel',
    description: 'Rename a channel (not a DM).',
    auth: 'member',
    params: { channelId },
    body: RenameChannelSchema,
    response: ChannelSchema,
    forward: ChatContracts.renameChannel,
  }),
  listMessages: forwardRoute({
    method: 'GET',
    path: '/api/channels/{channelId}/messages',
    tag: 'Channels',
    summary: 'A page of messages',
    description:
      'A page of messages, oldest first (default 50, max 200): the newest, or the newest before `before`, the oldest ' +
      'after `after`, or the message `around` with the messages on both sides; at most one cursor.',
    auth: 'member',
    params: { channelId },
    query: ListMessagesHttpQuerySchema,
    response: z.array(MessageSchema),
    forward: ChatContracts.listMessages,
  }),
  postMessage: gatewayRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/messages',
    tag: 'Channels',
    summary: 'Post a message',
    description:
      'Post a message (the socket’s create path: stored, then delivered live; clientMsgId deduplicates); imageUrl is ' +
      'the /attachments/... address of a message-image upload of this workspace, fileUrl that of a file upload (its ' +
      'name, size and type come from the upload); threadId makes it a reply in the thread of that top-level message ' +
      'of this channel (400 otherwise), alsoInChannel shows the reply in the channel too.',
    auth: 'member',
    params: { channelId },
    body: CreateMessageSchema,
    response: MessageSchema,
  }),
  markRead: forwardRoute({
    method: 'POST',
    path: '/api/channels/{channelId}/read',
    tag: 'Channels',
    summary: 'Mark a channel read',
    description: 'Mark the channel read up to now, for every device.',
    auth: 'member',
    params: { channelId },
    status: 200,
    response: ReadStateSchema,
    forward: ChatContracts.markRead,
  }),
  listPins: forwardRoute({
    method: 'GET',
    path: '/api/channels/{channelId}/pins',
    tag: 'Channels',
    summary: 'Pinned messages',
    description: 'The pinned messages of a channel, newest pin first (at most 100).',
    auth: 'member',
    params: { channelId },
    response: z.array(MessageSchema),
    forward: ChatContracts.listPins,
  }),
  listUnread: forwardRoute({
    method: 'GET',
    path: '/api/unread',
    tag: 'Channels',
    summary: 'Unread counts',
    description:
      'Unread messages from others per channel you may read (channels with none are left out); the same on every ' +
      `device. A count stops at ${UNREAD_COUNT_CAP}: that many or more.`,
    auth: 'member',
    params: {},
    response: z.array(UnreadCountSchema),
    forward: ChatContracts.listUnread,
  }),
} as const;

export const SectionRoutes = {
  listSections: forwardRoute({
    method: 'GET',
    path: '/api/channel-sections',
    tag: 'Sections',
    summary: 'Sections',
    description: "Sections of the current workspace and the caller's own (`personal`), in order.",
    auth: 'member',
    params: {},
    response: z.array(SectionSchema),
    forward: ChatContracts.listSections,
  }),
  createSection: forwardRoute({
    method: 'POST',
    path: '/api/channel-sections',
    tag: 'Sections',
    summary: 'Create a section',
    description:
      "Create a section of the workspace's sidebar (order 0 unless given), or with `personal` one of the caller's " +
      'own that no one else sees.',
    auth: 'member',
    params: {},
    body: CreateSectionSchema,
    response: SectionSchema,
    forward: ChatContracts.createSection,
  }),
  deleteSection: forwardRoute({
    method: 'DELETE',
    path: '/api/channel-sections/{sectionId}',
    tag: 'Sections',
    summary: 'Delete a section',
    description:
      "Delete an empty section of the workspace (409 while it has channels), or one of the caller's own: its " +
      "channels go back to their default sections. Another member's own section: 404.",
    auth: 'member',
    params: { sectionId: uuidParam('Section not found', ErrorCodes.sectionNotFound) },
    response: z.object({ id: z.uuid() }),
    forward: ChatContracts.deleteSection,
  }),
  renameSection: forwardRoute({
    method: 'PATCH',
    path: '/api/channel-sections/{sectionId}',
    tag: 'Sections',
    summary: 'Rename your section',
    description:
      "Rename one of the caller's own sections. A workspace section: 403; another member's own section: 404.",
    auth: 'member',
    params: { sectionId: uuidParam('Section not found', ErrorCodes.sectionNotFound) },
    body: RenameSectionSchema,
    response: SectionSchema,
    forward: ChatContracts.renameSection,
  }),
} as const;

export const DmRoutes = {
  listDms: forwardRoute({
    method: 'GET',
    path: '/api/dm',
    tag: 'Direct messages',
    summary: 'Your direct messages',
    description: 'Your direct-message channels in the current workspace.',
    auth: 'member',
    params: {},
    response: z.array(ChannelSchema),
    forward: ChatContracts.listDms,
  }),
  openDm: forwardRoute({
    method: 'POST',
    path: '/api/dm',
    tag: 'Direct messages',
    summary: 'Start a direct message',
    description:
      'Start a DM with a member (`userId2`), or a group DM with 2–8 other members (`userIds`, yourself left out); the ' +
      'existing DM of the same people, in any order, is returned when there is one. A group DM has no name of its ' +
      'own: clients name it by its `participantIds`. 400 with neither or both fields, a list of 1 or more than 8, a ' +
      'person listed twice or yourself in `userIds`; 404 `WORKSPACE.MEMBER_NOT_FOUND` for anyone who is not a ' +
      'member of the workspace. Nothing is created on an error.',
    auth: 'member',
    params: {},
    body: CreateDmSchema,
    response: ChannelSchema,
    forward: ChatContracts.createDm,
  }),
} as const;

export const MessageRoutes = {
  searchMessages: forwardRoute({
    method: 'GET',
    path: '/api/messages/search',
    tag: 'Messages',
    summary: 'Search messages',
    description:
      'Search the messages you may read in the current workspace: words, "phrases", -exclusions and the filters ' +
      'from:@handle, in:#channel (or in:@person), before:/after:/on:YYYY-MM-DD and has:image. Best first, 50 a page.',
    auth: 'member',
    params: {},
    query: SearchQuerySchema,
    response: z.array(SearchResultSchema),
    responseHeaders: {
      [SEARCH_CURSOR_HEADER]: 'Present when there are more results: pass it back as `cursor` with the same q and tz.',
    },
    forward: ChatContracts.search,
    output: (page) => ({ body: page.results, headers: { [SEARCH_CURSOR_HEADER]: page.nextCursor ?? undefined } }),
  }),
  getMessage: forwardRoute({
    method: 'GET',
    path: '/api/messages/{messageId}',
    tag: 'Messages',
    summary: 'A message',
    description:
      'One message of a channel you may read, with its reactions (what a permalink points at); a deleted one, ' +
      "another workspace's or one in a DM you are not part of answers 404.",
    auth: 'member',
    params: { messageId },
    response: MessageSchema,
    forward: ChatContracts.getMessage,
  }),
  editMessage: forwardRoute({
    method: 'PATCH',
    path: '/api/messages/{messageId}',
    tag: 'Messages',
    summary: 'Edit your message',
    description:
      'Edit your message: new content with the rules of a new message (blank only when it has an attachment); it ' +
      'gains editedAt and reaches every member live.',
    auth: 'member',
    params: { messageId },
    body: EditMessageSchema,
    response: MessageSchema,
    forward: ChatContracts.editMessage,
    live: 'change',
  }),
  deleteMessage: forwardRoute({
    method: 'DELETE',
    path: '/api/messages/{messageId}',
    tag: 'Messages',
    summary: 'Delete a message',
    description:
      'Delete a message (its author or a workspace admin): gone for everyone, or "This message was deleted." while ' +
      'it has thread replies; its attachment is no longer served.',
    auth: 'member',
    params: { messageId },
    status: 204,
    forward: ChatContracts.deleteMessage,
    live: 'deletion',
  }),
  addReaction: forwardRoute({
    method: 'POST',
    path: '/api/messages/{messageId}/reactions',
    tag: 'Messages',
    summary: 'React to a message',
    description:
      'React to a message with `emoji` (one Unicode emoji) or `reactionId` (a custom reaction id or a standard ' +
      'emoji), exactly one (max 50 distinct per message); every member sees it live.',
    auth: 'member',
    params: { messageId },
    status: 200,
    body: ReactionBodySchema,
    response: MessageReactionsSchema,
    forward: ChatContracts.addReaction,
    live: 'reactions',
  }),
  removeReaction: forwardRoute({
    method: 'DELETE',
    path: '/api/messages/{messageId}/reactions',
    tag: 'Messages',
    summary: 'Remove your reaction',
    description: 'Remove your reaction (`emoji` or `reactionId`, as added) from a message; every member sees it live.',
    auth: 'member',
    params: { messageId },
    body: ReactionBodySchema,
    response: MessageReactionsSchema,
    forward: ChatContracts.removeReaction,
    live: 'reactions',
  }),
  pinMessage: forwardRoute({
    method: 'POST',
    path: '/api/messages/{messageId}/pin',
    tag: 'Messages',
    summary: 'Pin a message',
    description:
      'Pin a message of a channel you may read (not a deleted one); it gains pinnedAt and pinnedBy and every member ' +
      'sees it live. Pinning a pinned message changes nothing.',
    auth: 'member',
    params: { messageId },
    status: 200,
    response: MessageSchema,
    forward: ChatContracts.pinMessage,
    live: 'change',
  }),
  unpinMessage: forwardRoute({
    method: 'DELETE',
    path: '/api/messages/{messageId}/pin',
    tag: 'Messages',
    summary: 'Unpin a message',
    description: 'Unpin a message; every member sees it live. Unpinning a message that is not pinned changes nothing.',
    auth: 'member',
    params: { messageId },
    response: MessageSchema,
    forward: ChatContracts.unpinMessage,
    live: 'change',
  }),
} as const;

export const ThreadRoutes = {
  getThread: forwardRoute({
    method: 'GET',
    path: '/api/messages/{messageId}/thread',
    tag: 'Threads',
    summary: 'A thread',
    description:
      'A thread: its root (a tombstone when deleted) and its replies, oldest first, with their reactions; the id of ' +
      'a reply answers its root’s thread.',
    auth: 'member',
    params: { messageId },
    response: ThreadSchema,
    forward: ChatContracts.getThread,
  }),
  markThreadRead: forwardRoute({
    method: 'POST',
    path: '/api/messages/{messageId}/thread/read',
    tag: 'Threads',
    summary: 'Mark a thread read',
    description: 'Mark a thread you follow read up to now.',
    auth: 'member',
    params: { messageId },
    status: 200,
    response: ThreadReadStateSchema,
    forward: ChatContracts.markThreadRead,
  }),
  listThreads: forwardRoute({
    method: 'GET',
    path: '/api/threads',
    tag: 'Threads',
    summary: 'Threads you follow',
    description:
      'The threads you follow (you replied, started them or were mentioned), latest reply first (at most 50), with ' +
      'the replies from others you have not read.',
    auth: 'member',
    params: {},
    response: z.array(FollowedThreadSchema),
    forward: ChatContracts.listThreads,
  }),
} as const;

export const ReactionRoutes = {
  listCustomReactions: forwardRoute({
    method: 'GET',
    path: '/api/custom-reactions',
    tag: 'Reactions',
    summary: 'Custom reactions',
    description: 'Custom reactions of the current workspace.',
    auth: 'member',
    params: {},
    response: z.array(CustomReactionSchema),
    forward: ChatContracts.listCustomReactions,
  }),
  createCustomReaction: forwardRoute({
    method: 'POST',
    path: '/api/custom-reactions',
    tag: 'Reactions',
    summary: 'Add a custom reaction',
    description:
      'Add a custom reaction (name unique in the workspace, 1–32 letters, digits, _ or -; imageUrl the objectPath of ' +
      'a reaction upload of this workspace, or its upload address without the query).',
    auth: 'member',
    params: {},
    body: CreateCustomReactionSchema,
    response: CustomReactionSchema,
    forward: ChatContracts.createCustomReaction,
    siteRelative: [['imageUrl', 'reaction']],
  }),
} as const;

export const NotificationRoutes = {
  getNotificationPreferences: forwardRoute({
    method: 'GET',
    path: '/api/notification-preferences',
    tag: 'Notifications',
    summary: 'Your notification preferences',
    description:
      'Your notification preferences in the current workspace: level (all, mentions, nothing), keywords, sound, and ' +
      'the channels you gave a level of their own or muted.',
    auth: 'member',
    params: {},
    response: NotificationPrefsSchema,
    forward: NotificationContracts.getPrefs,
  }),
  updateNotificationPreferences: forwardRoute({
    method: 'PATCH',
    path: '/api/notification-preferences',
    tag: 'Notifications',
    summary: 'Change your notification preferences',
    description: 'Change your notification level, keywords or sound (only the fields given).',
    auth: 'member',
    params: {},
    body: UpdateNotificationPrefsSchema,
    response: NotificationPrefsSchema,
    forward: NotificationContracts.updatePrefs,
    input: ({ actor, body }) => ({ actor, prefs: body }),
  }),
  updateChannelNotificationPreference: forwardRoute({
    method: 'PATCH',
    path: '/api/channels/{channelId}/notification-preferences',
    tag: 'Notifications',
    summary: 'Notifications of one channel',
    description: "Give a channel its own notification level ('default' follows yours) or mute it.",
    auth: 'member',
    params: { channelId },
    body: UpdateChannelNotificationPrefSchema,
    response: ChannelNotificationPrefSchema,
    forward: NotificationContracts.updateChannelPref,
    input: ({ actor, params, body }) => ({ actor, channelId: params.channelId, pref: body }),
  }),
  listMentions: forwardRoute({
    method: 'GET',
    path: '/api/mentions',
    tag: 'Notifications',
    summary: 'Your mentions',
    description:
      'Messages that mention you or the whole channel (@channel, @everyone), and reactions to your messages, newest ' +
      'first, 30 a page, with how many arrived since you last opened the list.',
    auth: 'member',
    params: {},
    query: MentionsQuerySchema,
    response: MentionsPageSchema,
    forward: NotificationContracts.mentions,
  }),
  markMentionsRead: forwardRoute({
    method: 'POST',
    path: '/api/mentions/read',
    tag: 'Notifications',
    summary: 'Mark mentions read',
    description: 'Mark everything in your mentions as read.',
    auth: 'member',
    params: {},
    status: 200,
    response: z.object({ readAt: z.string() }),
    forward: NotificationContracts.markMentionsRead,
  }),
  getBroadcastMentionPolicy: forwardRoute({
    method: 'GET',
    path: '/api/broadcast-mentions',
    tag: 'Notifications',
    summary: 'Who may notify a whole channel',
    description:
      'Whether @channel, @everyone and @here are kept to admins in channels of more than largeChannelMembers ' +
      'members.',
    auth: 'member',
    params: {},
    response: BroadcastMentionPolicySchema,
    forward: NotificationContracts.broadcastPolicy,
  }),
  setBroadcastMentionPolicy: forwardRoute({
    method: 'PUT',
    path: '/api/broadcast-mentions',
    tag: 'Notifications',
    summary: 'Set who may notify a whole channel',
    description:
      'Keep @channel, @everyone and @here in large channels (more than largeChannelMembers members, 20 unless set) ' +
      'to admins, or allow everyone (admins).',
    auth: 'admin',
    params: {},
    body: UpdateBroadcastMentionPolicySchema,
    response: BroadcastMentionPolicySchema,
    forward: NotificationContracts.setBroadcastPolicy,
  }),
} as const;
