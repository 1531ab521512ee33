-- Written by services/chat/src/store/queries.spec.ts (UPDATE_SQL=1 rewrites it); do not edit by hand.

-- chat.mentions.mark-read
-- $1 = :userId, $2 = :workspaceId
INSERT INTO "chat"."notification_pref" ("user_id", "workspace_id", "mentions_read_at")
   VALUES ($1, $2, greatest(date_trunc('milliseconds', now()) - interval '1 millisecond',
            (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = $2)))
   ON CONFLICT ("user_id", "workspace_id") DO UPDATE SET "mentions_read_at" = EXCLUDED."mentions_read_at"
   RETURNING "mentions_read_at";

-- chat.mentions.page
-- $1 = :userId, $2 = :workspaceId, $3 = :namingUser, $4 = :patterns, $5 = :namingChannel, $6 = :before, $7 = :limit

  WITH readable AS (
    SELECT c."id", c."name", c."type", c."participant_ids", $1 = ANY(c."participant_ids") AS "member",
           cr."last_read_at" AS "read_at"
      FROM "chat"."channel" c
      LEFT JOIN "chat"."channel_read" cr ON cr."channel_id" = c."id" AND cr."user_id" = $1
     WHERE c."workspace_id" = $2 AND ((c."type" = 'regular' AND c."visibility" = 'public') OR $1 = ANY(c."participant_ids"))
  ), entries AS (
    SELECT CASE WHEN m."content" ~* $3 THEN 'mention' ELSE 'channel' END AS kind, m."created_at" AS at,
           m."id" AS message_id, m."channel_id", m."user_id", m."content", NULL::varchar AS reaction_id
      FROM "chat"."message" m
     WHERE m."workspace_id" = $2 AND m."channel_id" IN (SELECT "id" FROM readable) AND m."user_id" <> $1
       AND m."deleted_at" IS NULL AND m."content" ILIKE ANY($4::text[]) AND (m."content" ~* $3
            OR (m."content" ~* $5 AND m."channel_id" IN (SELECT "id" FROM readable WHERE "member")))
    UNION ALL
    SELECT 'reaction', r."created_at", m."id", m."channel_id", r."user_id", m."content", r."reaction_id"
      FROM "chat"."message" m JOIN "chat"."message_reaction" r ON r."message_id" = m."id"
     WHERE m."user_id" = $1 AND m."workspace_id" = $2 AND m."deleted_at" IS NULL AND r."user_id" <> $1
       AND m."created_at" > now() - interval '90 days'
       AND m."channel_id" IN (SELECT "id" FROM readable)
  ), summary AS (
     SELECT (SELECT p."mentions_read_at" FROM "chat"."notification_pref" p
              WHERE p."user_id" = $1 AND p."workspace_id" = $2) AS read_at
   ), counted AS (
     SELECT (SELECT count(*)::int FROM (SELECT 1 FROM entries e JOIN readable c ON c."id" = e."channel_id", summary
                                         WHERE e."kind" <> 'reaction'
                                           AND (summary.read_at IS NULL OR e."at" > summary.read_at)
                                           AND e."at" > coalesce(c."read_at", '-infinity'::timestamptz)
                                         LIMIT 100) u) AS unread,
            (SELECT read_at FROM summary) AS read_at
   ), page AS (
     SELECT e.*, c."name" AS channel_name, c."type" AS channel_type, c."participant_ids", c."read_at" AS channel_read_at
       FROM entries e JOIN readable c ON c."id" = e."channel_id"
      WHERE $6::timestamptz IS NULL OR e."at" < $6::timestamptz
      ORDER BY e."at" DESC, e."message_id" DESC
      LIMIT $7
   )
   SELECT counted."unread", counted."read_at", page.* FROM counted LEFT JOIN page ON true
   ORDER BY page."at" DESC, page."message_id" DESC;

-- chat.message.by-client-msg-id
-- $1 = :userId, $2 = :clientMsgId
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event" FROM "chat"."message" m WHERE m."user_id" = $1 AND m."client_msg_id" = $2;

-- chat.message.cursor
-- $1 = :id, $2 = :channelId
SELECT "created_at", "id" FROM "chat"."message" WHERE "id" = $1 AND "channel_id" = $2;

-- chat.message.delete
-- $1 = :id
UPDATE "chat"."message" m SET "deleted_at" = now(), "updated_at" = now(), "content" = NULL,
     "image_url" = NULL, "file_url" = NULL, "file_name" = NULL, "file_size" = NULL, "file_type" = NULL,
     "pinned_at" = NULL, "pinned_by" = NULL
   WHERE m."id" = $1 AND m."deleted_at" IS NULL RETURNING m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event";

-- chat.message.delete-reactions
-- $1 = :messageId
DELETE FROM "chat"."message_reaction" WHERE "message_id" = $1;

-- chat.message.edit
-- $1 = :content, $2 = :id
UPDATE "chat"."message" m SET "content" = $1, "edited_at" = now(), "updated_at" = now()
   WHERE m."id" = $2 AND m."deleted_at" IS NULL RETURNING m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions";

-- chat.message.insert-rows
-- $1 = :id, $2 = :workspaceId, $3 = :channelId, $4 = :userId, $5 = :content, $6 = :imageUrl, $7 = :clientMsgId, $8 = :fileUrl, $9 = :fileName, $10 = :fileSize, $11 = :fileType, $12 = :systemEvent
INSERT INTO "chat"."message" ("id", "workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id", "file_url", "file_name", "file_size", "file_type", "system_event")
   SELECT r."id", r."workspace_id", r."channel_id", r."user_id", r."content", r."image_url", r."client_msg_id", r."file_url", r."file_name", r."file_size", r."file_type", r."system_event"
   FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[], $10::bigint[], $11::varchar[], $12::varchar[]) WITH ORDINALITY AS r("id", "workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id", "file_url", "file_name", "file_size", "file_type", "system_event", "n")
   ORDER BY r."n"
   ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
   RETURNING "id", "channel_id", "user_id", "content", "image_url", "client_msg_id", "created_at", "updated_at", "edited_at", "deleted_at", "thread_id", "also_in_channel", "reply_count", "last_reply_at", "reply_user_ids", "pinned_at", "pinned_by", "file_url", "file_name", "file_size", "file_type", "system_event";

-- chat.message.live-in-workspace
-- $1 = :id, $2 = :workspaceId
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event" FROM "chat"."message" m
   WHERE m."id" = $1 AND m."workspace_id" = $2 AND m."deleted_at" IS NULL;

-- chat.message.newest-page-unless-unchanged
-- $1 = :workspaceId, $2 = :keptClock, $3 = :channelId, $4 = :limit
SELECT k."clock", k."changed", p.*
   FROM (SELECT (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = $1) AS "clock",
                ($2::timestamptz IS NULL OR (
                   SELECT coalesce(bool_or(c."channel_id" = $3), false) OR count(*) >= 200
                   FROM (SELECT "channel_id" FROM "chat"."message"
                         WHERE "workspace_id" = $1 AND "updated_at" > $2
                         ORDER BY "updated_at" LIMIT 200) c)) AS "changed"
         OFFSET 0) k
   LEFT JOIN LATERAL (SELECT * FROM (SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $3 AND (m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0) AND k."changed" ORDER BY m."created_at" DESC, m."id" DESC LIMIT 200) m
                      ORDER BY m."created_at" DESC, m."id" DESC LIMIT $4) p ON true
   ORDER BY p."created_at" DESC, p."id" DESC;

-- chat.message.page-after-message
-- $1 = :channelId, $2 = :cursorAt, $3 = :cursorId, $4 = :limit
SELECT * FROM (SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $1 AND (m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0) AND (m."created_at", m."id") > ($2, $3) ORDER BY m."created_at", m."id" LIMIT 200) m ORDER BY m."created_at", m."id" LIMIT $4;

-- chat.message.page-around-message
-- $1 = :channelId, $2 = :cursorAt, $3 = :cursorId, $4 = :older, $5 = :newer
SELECT * FROM ((SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $1 AND (m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0) AND (m."created_at", m."id") < ($2, $3) ORDER BY m."created_at" DESC, m."id" DESC LIMIT $4)
                  UNION ALL
                  (SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $1 AND (m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0) AND (m."created_at", m."id") >= ($2, $3) ORDER BY m."created_at", m."id" LIMIT $5)) p
   ORDER BY p."created_at", p."id";

-- chat.message.page-before-message
-- $1 = :channelId, $2 = :cursorAt, $3 = :cursorId, $4 = :limit
SELECT * FROM (SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $1 AND (m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0) AND (m."created_at", m."id") < ($2, $3) ORDER BY m."created_at" DESC, m."id" DESC LIMIT 200) m ORDER BY m."created_at" DESC, m."id" DESC LIMIT $4;

-- chat.message.page-before-time
-- $1 = :channelId, $2 = :cursorAt, $3 = :limit
SELECT * FROM (SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
     FROM "chat"."message" m
     WHERE m."channel_id" = $1 AND (m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0) AND m."created_at" < $2 ORDER BY m."created_at" DESC, m."id" DESC LIMIT 200) m ORDER BY m."created_at" DESC, m."id" DESC LIMIT $3;

-- chat.message.recount-root
-- $1 = :rootId
UPDATE "chat"."message" m SET
    "reply_count" = greatest(m."reply_count" - 1, 0),
    "last_reply_at" = (SELECT max(r."created_at") FROM "chat"."message" r
                       WHERE r."thread_id" = m."id" AND r."deleted_at" IS NULL),
    "reply_user_ids" = coalesce((SELECT array_agg(l."user_id" ORDER BY l."last" DESC)
                                 FROM (SELECT r."user_id", max(r."created_at") AS "last" FROM "chat"."message" r
                                       WHERE r."thread_id" = m."id" AND r."deleted_at" IS NULL
                                       GROUP BY r."user_id" ORDER BY "last" DESC LIMIT 3) l), '{}'),
    "updated_at" = now()
  WHERE m."id" = $1
  RETURNING m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event";

-- chat.message.replay
-- $1 = :workspaceId, $2 = :since, $3 = :userId
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions"
   FROM "chat"."message" m JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE m."workspace_id" = (SELECT $1::uuid) AND m."updated_at" > (SELECT $2::timestamptz)
     AND ((c."type" = 'regular' AND c."visibility" = 'public') OR (SELECT $3::uuid) = ANY(c."participant_ids"))
   ORDER BY m."updated_at", m."created_at", m."id" LIMIT 501;

-- chat.pin.current
-- $1 = :id
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions" FROM "chat"."message" m WHERE m."id" = $1;

-- chat.pin.list
-- $1 = :channelId, $2 = :limit
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions" FROM "chat"."message" m
   WHERE m."channel_id" = $1 AND m."pinned_at" IS NOT NULL AND m."deleted_at" IS NULL
   ORDER BY m."pinned_at" DESC, m."id" DESC LIMIT $2;

-- chat.pin.pin
-- $1 = :userId, $2 = :id
UPDATE "chat"."message" m SET "pinned_at" = now(), "pinned_by" = $1, "updated_at" = now()
   WHERE m."id" = $2 AND m."pinned_at" IS NULL AND m."deleted_at" IS NULL
   RETURNING m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions";

-- chat.pin.target
-- $1 = :id, $2 = :workspaceId
SELECT m."id", m."channel_id", m."workspace_id", m."deleted_at", c."type", c."participant_ids"
   FROM "chat"."message" m JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE m."id" = $1 AND m."workspace_id" = $2;

-- chat.pin.unpin
-- $1 = :id
UPDATE "chat"."message" m SET "pinned_at" = NULL, "pinned_by" = NULL, "updated_at" = now()
   WHERE m."id" = $1 AND m."pinned_at" IS NOT NULL AND m."deleted_at" IS NULL
   RETURNING m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions";

-- chat.reaction.add
-- $1 = :messageId, $2 = :userId, $3 = :reactionId
WITH added AS (
     INSERT INTO "chat"."message_reaction" ("message_id", "user_id", "reaction_id")
     VALUES ($1, $2, $3)
     ON CONFLICT ("message_id", "user_id", "reaction_id") DO NOTHING RETURNING 1)
   UPDATE "chat"."message" SET "updated_at" = now() WHERE "id" = $1 AND EXISTS (SELECT 1 FROM added);

-- chat.reaction.counts
-- $1 = :reactionId, $2 = :messageId
SELECT count(DISTINCT "reaction_id")::int AS distinct, bool_or("reaction_id" = $1) AS present
   FROM "chat"."message_reaction" WHERE "message_id" = $2;

-- chat.reaction.custom-create
-- $1 = :workspaceId, $2 = :name, $3 = :imageUrl, $4 = :createdBy
INSERT INTO "chat"."custom_reaction" ("workspace_id", "name", "image_url", "created_by")
   VALUES ($1, $2, $3, $4) RETURNING "id", "workspace_id", "name", "image_url", "created_by", "created_at";

-- chat.reaction.custom-exists
-- $1 = :id, $2 = :workspaceId
SELECT 1 AS "found" FROM "chat"."custom_reaction" WHERE "id" = $1 AND "workspace_id" = $2;

-- chat.reaction.custom-list
-- $1 = :workspaceId
SELECT "id", "workspace_id", "name", "image_url", "created_by", "created_at" FROM "chat"."custom_reaction" WHERE "workspace_id" = $1
   ORDER BY "name" ASC, "created_at" ASC;

-- chat.reaction.lock-message
-- $1 = :id
SELECT 1 AS "locked" FROM "chat"."message" WHERE "id" = $1 FOR UPDATE;

-- chat.reaction.remove
-- $1 = :messageId, $2 = :userId, $3 = :reactionId
WITH removed AS (
     DELETE FROM "chat"."message_reaction"
     WHERE "message_id" = $1 AND "user_id" = $2 AND "reaction_id" = $3
     RETURNING 1)
   UPDATE "chat"."message" SET "updated_at" = now() WHERE "id" = $1 AND EXISTS (SELECT 1 FROM removed);

-- chat.reaction.summaries
-- $1 = :messageIds
SELECT "message_id", "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS user_ids
   FROM "chat"."message_reaction" WHERE "message_id" = ANY($1::uuid[])
   GROUP BY "message_id", "reaction_id" ORDER BY min("created_at"), "reaction_id";

-- chat.thread.followed
-- $1 = :userId, $2 = :workspaceId
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", f."last_read_at" AS "follower_last_read_at",
          (SELECT count(*)::int FROM "chat"."message" r
           WHERE r."thread_id" = m."id" AND r."user_id" <> $1 AND r."deleted_at" IS NULL
             AND r."created_at" > coalesce(f."last_read_at", '-infinity'::timestamptz)) AS "unread_count"
   FROM "chat"."thread_follower" f
   JOIN "chat"."message" m ON m."id" = f."message_id"
   JOIN "chat"."channel" c ON c."id" = m."channel_id"
   WHERE f."user_id" = $1 AND m."workspace_id" = $2
     AND ((c."type" = 'regular' AND c."visibility" = 'public') OR $1 = ANY(c."participant_ids"))
     AND (m."deleted_at" IS NULL OR m."reply_count" > 0)
   ORDER BY m."last_reply_at" DESC NULLS LAST, m."id"
   LIMIT 50;

-- chat.thread.mark-read
-- $1 = :rootId, $2 = :userId, $3 = :workspaceId
WITH "current" AS (
     SELECT f."last_read_at" FROM "chat"."thread_follower" f WHERE f."message_id" = $1 AND f."user_id" = $2),
   "moved" AS (
     UPDATE "chat"."thread_follower" f SET "last_read_at" = greatest(f."last_read_at", greatest(date_trunc('milliseconds', now()) - interval '1 millisecond',
            (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = $3::uuid)))
     WHERE f."message_id" = $1 AND f."user_id" = $2
       AND (f."last_read_at" IS NULL OR EXISTS (
         SELECT 1 FROM "chat"."message" m WHERE m."thread_id" = $1 AND m."created_at" > f."last_read_at"))
     RETURNING f."last_read_at")
   SELECT "last_read_at" FROM "moved"
   UNION ALL
   SELECT "last_read_at" FROM "current" WHERE NOT EXISTS (SELECT 1 FROM "moved");

-- chat.thread.replies
-- $1 = :rootId
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions" FROM "chat"."message" m
   WHERE m."thread_id" = $1 AND m."deleted_at" IS NULL
   ORDER BY m."created_at", m."id" LIMIT 1000;

-- chat.thread.reply
-- $1 = :threadId, $2 = :channelId, $3 = :id, $4 = :workspaceId, $5 = :userId, $6 = :content, $7 = :imageUrl, $8 = :clientMsgId, $9 = :fileUrl, $10 = :fileName, $11 = :fileSize, $12 = :fileType, $13 = :systemEvent, $14 = :alsoInChannel, $15 = :mentionedIds
WITH root AS (
     SELECT "id", "user_id" FROM "chat"."message"
     WHERE "id" = $1 AND "channel_id" = $2::uuid AND "thread_id" IS NULL AND "deleted_at" IS NULL
     FOR UPDATE
   ), reply AS (
     INSERT INTO "chat"."message" ("id", "workspace_id", "channel_id", "user_id", "content", "image_url", "client_msg_id", "file_url", "file_name", "file_size", "file_type", "system_event", "thread_id", "also_in_channel")
     SELECT $3::uuid, $4::uuid, $2::uuid, $5::uuid, $6::varchar, $7::varchar, $8::varchar, $9::varchar, $10::varchar, $11::bigint, $12::varchar, $13::varchar, root."id", $14 FROM root
     ON CONFLICT ("user_id", "client_msg_id") WHERE "client_msg_id" IS NOT NULL DO NOTHING
     RETURNING "id", "channel_id", "user_id", "content", "image_url", "client_msg_id", "created_at", "updated_at", "edited_at", "deleted_at", "thread_id", "also_in_channel", "reply_count", "last_reply_at", "reply_user_ids", "pinned_at", "pinned_by", "file_url", "file_name", "file_size", "file_type", "system_event"
   ), summary AS (
     UPDATE "chat"."message" m SET
       "reply_count" = m."reply_count" + 1,
       "last_reply_at" = greatest(m."last_reply_at", reply."created_at"),
       "reply_user_ids" = (ARRAY[reply."user_id"] || array_remove(m."reply_user_ids", reply."user_id"))[1:3],
       "updated_at" = now()
     FROM reply WHERE m."id" = reply."thread_id"
     RETURNING m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event"
   ), followers AS (
     INSERT INTO "chat"."thread_follower" ("message_id", "user_id", "last_read_at")
     SELECT reply."thread_id", f."user_id", CASE WHEN f."user_id" = reply."user_id" THEN reply."created_at" END
     FROM reply, root,
          LATERAL (SELECT DISTINCT unnest(ARRAY[reply."user_id", root."user_id"] || $15::uuid[]) AS "user_id") f
     ON CONFLICT ("message_id", "user_id") DO UPDATE
       SET "last_read_at" = greatest("thread_follower"."last_read_at", EXCLUDED."last_read_at")
       WHERE EXCLUDED."last_read_at" IS NOT NULL
   )
   SELECT 'reply' AS "kind", r.* FROM reply r
   UNION ALL
   SELECT 'root' AS "kind", s.* FROM summary s;

-- chat.thread.root
-- $1 = :id
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event" FROM "chat"."message" m WHERE m."id" = $1;

-- chat.thread.root-of
-- $1 = :id, $2 = :workspaceId
SELECT m."id", m."channel_id", m."user_id", m."content", m."image_url", m."client_msg_id", m."created_at", m."updated_at", m."edited_at", m."deleted_at", m."thread_id", m."also_in_channel", m."reply_count", m."last_reply_at", m."reply_user_ids", m."pinned_at", m."pinned_by", m."file_url", m."file_name", m."file_size", m."file_type", m."system_event", (SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r) AS "reactions" FROM "chat"."message" m
   WHERE m."id" = (SELECT coalesce(x."thread_id", x."id") FROM "chat"."message" x
                   WHERE x."id" = $1 AND x."workspace_id" = $2);

-- chat.unread.list
-- $1 = :userId, $2 = :cap, $3 = :workspaceId
SELECT c."id" AS channel_id, u."count"
   FROM "chat"."channel" c
   LEFT JOIN "chat"."channel_read" r ON r."channel_id" = c."id" AND r."user_id" = $1
   CROSS JOIN LATERAL (
     SELECT count(*)::int AS "count" FROM (
       SELECT 1 FROM "chat"."message" m
       WHERE m."channel_id" = c."id" AND m."user_id" <> $1
         AND m."created_at" > coalesce(r."last_read_at", '-infinity'::timestamptz)
         AND (m."thread_id" IS NULL OR m."also_in_channel")
       -- the order keeps the read on the channel's index, newest first: without it Postgres may scan the table
       -- from its oldest rows and filter every other channel out on the way
       ORDER BY m."created_at" DESC
       LIMIT $2) capped) u
   WHERE c."workspace_id" = $3 AND $1 = ANY(c."participant_ids") AND c."archived_at" IS NULL AND u."count" > 0
   ORDER BY c."id";

-- chat.unread.mark-read
-- $1 = :userId, $2 = :channelId, $3 = :workspaceId
WITH "current" AS (
     SELECT r."last_read_at" FROM "chat"."channel_read" r WHERE r."user_id" = $1 AND r."channel_id" = $2),
   "moved" AS (
     INSERT INTO "chat"."channel_read" ("user_id", "channel_id", "workspace_id", "last_read_at")
     SELECT $1::uuid, $2::uuid, $3::uuid, greatest(date_trunc('milliseconds', now()) - interval '1 millisecond',
            (SELECT "last_change_at" FROM "chat"."workspace_clock" WHERE "workspace_id" = $3::uuid))
     WHERE NOT EXISTS (SELECT 1 FROM "current" c WHERE NOT EXISTS (
       SELECT 1 FROM "chat"."message" m WHERE m."channel_id" = $2 AND m."created_at" > c."last_read_at"))
     ON CONFLICT ("user_id", "channel_id")
     DO UPDATE SET "last_read_at" = greatest("channel_read"."last_read_at", EXCLUDED."last_read_at")
     RETURNING "last_read_at")
   SELECT "last_read_at", true AS "moved" FROM "moved"
   UNION ALL
   SELECT "last_read_at", false AS "moved" FROM "current" WHERE NOT EXISTS (SELECT 1 FROM "moved");
