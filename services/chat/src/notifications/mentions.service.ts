import { Injectable } from '@nestjs/common';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { type Actor, type MentionsPage } from '@teamchat/contracts';
import { ReadStateStore } from '../store/read-state.store.js';
import type { MentionRow, MentionsPageRow } from '../store/read-state.statements.js';
import { UNKNOWN_AUTHOR, UserDirectory } from '../common/user-directory.service.js';
import { dmTitleFor } from '../channels/dm-title.js';

export const MENTIONS_PAGE = 30;
const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, '\\$&');
/** `@name` as a whole word: not inside an e-mail address or a longer name. */
const naming = (names: string[]): string =>
  `(^|[^[:alnum:]_@.])@(${names.map(escapeRegex).join('|')})($|[^[:alnum:]_-])`;

/**
 * The Mentions view (issue 19): messages that name the member (`@username`, `@handle`) or the whole channel
 * (`@channel`, `@everyone`; `@here` reaches only those online when it is sent, so it is not kept here), and reactions
 * others gave to the member's messages, newest first, in the channels the member may read.
 */
@Injectable()
export class MentionsService {
  constructor(
    private readonly workspace: WorkspaceMembership,
    private readonly store: ReadStateStore,
    private readonly directory: UserDirectory,
  ) {}

  async list(actor: Actor, before?: string): Promise<MentionsPage> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    const me = (await this.directory.authors([userId])).get(userId);
    const names = [me?.username, me?.handle].filter((n): n is string => !!n).map((n) => n.toLowerCase());
    const patterns = [...names, 'channel', 'everyone'].map((n) => `%@${escapeLike(n)}%`);
    const rows = await this.store.mentionsPage({
      workspaceId,
      userId,
      patterns,
      namingUser: naming(names),
      namingChannel: naming(['channel', 'everyone']),
      before: before ?? null,
      limit: MENTIONS_PAGE + 1,
    });
    const state = rows[0];
    const entries = rows.filter((r): r is MentionsPageRow & MentionRow => r.message_id !== null);
    const page = entries.slice(0, MENTIONS_PAGE);
    const people = await this.directory.authors(page.flatMap((r) => [r.user_id, ...(r.participant_ids ?? [])]));
    const nameOf = (id: string) => (people.get(id) ?? UNKNOWN_AUTHOR).username;
    const readAt = state?.read_at?.getTime() ?? -Infinity;
    return {
      items: page.map((r) => ({
        kind: r.kind,
        at: r.at.toISOString(),
        messageId: r.message_id,
        channelId: r.channel_id,
        channelName: r.channel_type === 'direct' ? dmTitleFor(r.participant_ids, userId, nameOf) : `#${r.channel_name}`,
        userId: r.user_id,
        username: nameOf(r.user_id),
        content: r.content,
        ...(r.reaction_id ? { reactionId: r.reaction_id } : {}),
        // a mention is read once the view was visited or its channel read since; a reaction only by the visit
        unread:
          r.at.getTime() > readAt &&
          (r.kind === 'reaction' || r.at.getTime() > (r.channel_read_at?.getTime() ?? -Infinity)),
      })),
      unread: state?.unread ?? 0,
      nextBefore: entries.length > MENTIONS_PAGE ? page[page.length - 1]!.at.toISOString() : null,
    };
  }

  async markRead(actor: Actor): Promise<{ readAt: string }> {
    const { workspaceId, userId } = await this.workspace.member(actor);
    return { readAt: (await this.store.markMentionsRead(userId, workspaceId)).toISOString() };
  }
}
