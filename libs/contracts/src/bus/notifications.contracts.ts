import { z } from 'zod';
import { defineRequest } from '../contract.js';
import { withActor } from '../actor.js';
import {
  BroadcastMentionPolicySchema,
  ChannelNotificationPrefSchema,
  UpdateBroadcastMentionPolicySchema,
  MentionsPageSchema,
  MentionsQuerySchema,
  NotificationPrefsSchema,
  UpdateChannelNotificationPrefSchema,
  UpdateNotificationPrefsSchema,
} from '../http/notifications.schema.js';

/** Notification preferences, kept by the chat service per member of a workspace (issue 19). */
export const NotificationContracts = {
  getPrefs: defineRequest('chat.notification-prefs.get', withActor({}), NotificationPrefsSchema),
  updatePrefs: defineRequest(
    'chat.notification-prefs.update',
    withActor({ prefs: UpdateNotificationPrefsSchema }),
    NotificationPrefsSchema,
  ),
  /** 404 for a channel the actor may not read. */
  updateChannelPref: defineRequest(
    'chat.notification-prefs.update-channel',
    withActor({ channelId: z.string().min(1).max(100), pref: UpdateChannelNotificationPrefSchema }),
    ChannelNotificationPrefSchema,
  ),
  /** Messages that name the actor or their channel, and reactions to the actor's messages, newest first. */
  mentions: defineRequest('chat.mentions.list', withActor(MentionsQuerySchema.shape), MentionsPageSchema),
  /** Everything in the Mentions view up to now is read. */
  markMentionsRead: defineRequest('chat.mentions.mark-read', withActor({}), z.object({ readAt: z.string() })),
  broadcastPolicy: defineRequest('chat.broadcast-policy.get', withActor({}), BroadcastMentionPolicySchema),
  /** Admins only (AUTH.FORBIDDEN otherwise). */
  setBroadcastPolicy: defineRequest(
    'chat.broadcast-policy.set',
    withActor(UpdateBroadcastMentionPolicySchema.shape),
    BroadcastMentionPolicySchema,
  ),
} as const;
