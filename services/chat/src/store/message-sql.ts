import type { ReactionSummary } from '@teamchat/contracts';
import { castOf, columnOf, INSERTED_FIELDS, MESSAGE_COLUMNS, type MessageRow } from './message-fields.js';

/** SQL pieces the store's statements share (of a message aliased `m`). */

/** A row with its message's reactions, grouped per reaction in the order each was first applied. */
export type RowWithReactions = MessageRow & { reactions: ReactionSummary[] };

/** The reactions of message `m`, grouped per reaction in the order each was first applied (a JSON array). */
export const REACTIONS_OF_M = `(SELECT coalesce(json_agg(json_build_object('reactionId', r."reaction_id", 'count', cardinality(r."user_ids"),
                                                   'userIds', r."user_ids") ORDER BY r."first", r."reaction_id"), '[]')
        FROM (SELECT "reaction_id", array_agg("user_id" ORDER BY "created_at", "id") AS "user_ids",
                     min("created_at") AS "first"
              FROM "chat"."message_reaction" WHERE "message_id" = m."id" GROUP BY "reaction_id") r)`;

/** Every column `toMessage` reads, with the reactions. */
export const WITH_REACTIONS = `${MESSAGE_COLUMNS}, ${REACTIONS_OF_M} AS "reactions"`;

/** What a channel page shows: top-level messages and replies also sent to the channel; a deleted one only as a thread root. */
export const VISIBLE_IN_CHANNEL = `(m."thread_id" IS NULL OR m."also_in_channel") AND (m."deleted_at" IS NULL OR m."reply_count" > 0)`;

/** The columns an insert writes, in the field table's order. */
export const INSERTED_COLUMNS = INSERTED_FIELDS.map((key) => `"${columnOf(key)}"`).join(', ');

/** The insert's values as named parameters with their casts (`:content::varchar`), one row. */
export const INSERTED_VALUES = INSERTED_FIELDS.map((key) => `:${key}::${castOf(key)}`).join(', ');

/** The insert's values as arrays, one element per row (`unnest(:content::varchar[], …)`). */
export const INSERTED_ARRAYS = INSERTED_FIELDS.map((key) => `:${key}::${castOf(key)}[]`).join(', ');
