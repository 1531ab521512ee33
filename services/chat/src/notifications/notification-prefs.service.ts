import { Injectable } from '@nestjs/common';
import { WorkspaceMembership } from '@teamchat/service-kit';
import type {
  Actor,
  ChannelNotificationPref,
  ChannelNotifyLevel,
  NotificationPrefs,
  NotifyLevel,
  UpdateChannelNotificationPref,
  UpdateNotificationPrefs,
} from '@teamchat/contracts';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { ChannelAccessService } from '../channels/channel-access.service.js';
import { readableBy } from '../channels/channel-access.service.js';

interface PrefsRow {
  level: NotifyLevel;
  keywords: string[];
  sound: boolean;
  channels: { channelId: string; level: ChannelNotifyLevel; muted: boolean }[];
}

/**
 * Member `$1`'s preferences in workspace `$2` (the defaults when they never changed them), with their overrides of the
 * channels they may still read.
 */
const PREFS = new PreparedStatement<PrefsRow>(
  'chat.notification-prefs.get',
  `SELECT coalesce(p."level", 'mentions') AS "level", coalesce(p."keywords", '{}') AS "keywords",
          coalesce(p."sound", false) AS "sound",
          (SELECT coalesce(json_agg(json_build_object('channelId', o."channel_id", 'level', o."level",
                                                      'muted', o."muted") ORDER BY o."channel_id"), '[]')
             FROM "chat"."channel_notification_pref" o JOIN "chat"."channel" c ON c."id" = o."channel_id"
            WHERE o."user_id" = $1 AND o."workspace_id" = $2 AND (o."level" <> 'default' OR o."muted")
              AND ${readableBy('$1')}) AS "channels"
     FROM (SELECT 1) one
     LEFT JOIN "chat"."notification_pref" p ON p."user_id" = $1 AND p."workspace_id" = $2`,
);

/** Only the fields given change ($3 … $5 null: keep). */
const UPDATE_PREFS = new PreparedStatement(
  'chat.notification-prefs.update',
  `INSERT INTO "chat"."notification_pref" ("user_id", "workspace_id", "level", "keywords", "sound")
   VALUES ($1, $2, coalesce($3, 'mentions'), coalesce($4::text[], '{}'), coalesce($5, false))
   ON CONFLICT ("user_id", "workspace_id") DO UPDATE SET
     "level" = coalesce($3, "notification_pref"."level"),
     "keywords" = coalesce($4::text[], "notification_pref"."keywords"),
     "sound" = coalesce($5, "notification_pref"."sound"),
     "updated_at" = now()`,
);

const UPDATE_CHANNEL = new PreparedStatement<{ level: ChannelNotifyLevel; muted: boolean }>(
  'chat.notification-prefs.update-channel',
  `INSERT INTO "chat"."channel_notification_pref" ("user_id", "channel_id", "workspace_id", "level", "muted")
   VALUES ($1, $2, $3, coalesce($4, 'default'), coalesce($5, false))
   ON CONFLICT ("user_id", "channel_id") DO UPDATE SET
     "level" = coalesce($4, "channel_notification_pref"."level"),
     "muted" = coalesce($5, "channel_notification_pref"."muted"),
     "updated_at" = now()
   RETURNING "level", "muted"`,
);

/** Keywords compare case-insensitively: stored lower-case, once each, in the order given. */
const normaliseKeywords = (keywords: string[]): string[] => [
  ...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean)),
];

/** What notifies a member (issue 19): a default per workspace and overrides per channel, kept on the server. */
@Injectable()
export class NotificationPrefsService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly access: ChannelAccessService,
    private readonly statements: PreparedStatements,
  ) {}

  async get(actor: Actor): Promise<NotificationPrefs> {
    const { userId, workspaceId } = await this.workspace.member(actor);
    const [row] = await this.statements.rows(PREFS, [userId, workspaceId]);
    return { level: row.level, keywords: row.keywords, sound: row.sound, channels: row.channels };
  }

  async update(actor: Actor, prefs: UpdateNotificationPrefs): Promise<NotificationPrefs> {
    const { userId, workspaceId } = await this.workspace.member(actor);
    await this.statements.rows(UPDATE_PREFS, [
      userId,
      workspaceId,
      prefs.level ?? null,
      prefs.keywords ? normaliseKeywords(prefs.keywords) : null,
      prefs.sound ?? null,
    ]);
    return this.get(actor);
  }

  /** A channel's own level or mute; only a channel the member may read (any other id: 404). */
  async updateChannel(
    actor: Actor,
    channelId: string,
    pref: UpdateChannelNotificationPref,
  ): Promise<ChannelNotificationPref> {
    const member = await this.workspace.member(actor);
    const channel = await this.access.readableRef(member, channelId);
    const [row] = await this.statements.rows(UPDATE_CHANNEL, [
      member.userId,
      channel.id,
      member.workspaceId,
      pref.level ?? null,
      pref.muted ?? null,
    ]);
    return { channelId: channel.id, level: row.level, muted: row.muted };
  }
}
