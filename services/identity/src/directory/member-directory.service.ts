// The members directory behind `GET /api/users`: a workspace's members by username, a page at a time, found by a
// prefix of their names, handle or email, filtered by status and role, a channel's members first for mentions.
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  ChatContracts,
  DIRECTORY_CURSOR_INVALID,
  ErrorCodes,
  type Actor,
  type DirectoryPage,
  type DirectoryQuery,
  type WorkspaceRole,
} from '@teamchat/contracts';
import { BusClient, DomainError } from '@teamchat/bus';
import { WorkspaceMembership } from '@teamchat/service-kit';
import { UserEntity } from '../users/user.entity.js';
import { toUserProfile } from '../users/user.mapper.js';
import { decodeCursor, encodeCursor, type DirectoryCursor } from './directory-cursor.js';
import { WorkspaceRoster, type Roster } from './workspace-roster.js';

/** `q` as a LIKE prefix pattern: lower case, its own `%`, `_` and `\` matched literally; a leading `@` is a handle's. */
export const prefixPattern = (q: string): string | null => {
  const text = q.trim().replace(/^@/, '').toLowerCase();
  return text === '' ? null : `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
};

interface GroupPage {
  ids: string[];
  pattern: string | null;
  /** Whether `pattern` may match email addresses: for admins only (members never see each other's addresses). */
  byEmail: boolean;
  status: string | undefined;
  after: string | undefined;
  limit: number | undefined;
}

@Injectable()
export class MemberDirectory {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly membership: WorkspaceMembership,
    private readonly roster: WorkspaceRoster,
    private readonly bus: BusClient,
  ) {}

  async list(actor: Actor, query: DirectoryQuery): Promise<DirectoryPage> {
    const { workspaceId, role } = await this.membership.member(actor);
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (cursor === null)
      throw new DomainError(ErrorCodes.validation, DIRECTORY_CURSOR_INVALID, [
        { path: 'cursor', message: DIRECTORY_CURSOR_INVALID },
      ]);
    const members = query.ids ? await this.roster.among(workspaceId, query.ids) : await this.roster.all(workspaceId);
    const groups = await this.groups(actor, members, query);

    const start = cursor ?? { group: 0, after: '' };
    const pattern = query.q === undefined ? null : prefixPattern(query.q);
    const want = query.limit === undefined ? undefined : query.limit + 1;
    const found: { user: UserEntity; group: 0 | 1 }[] = [];
    for (let group = start.group; group < groups.length; group++) {
      const rows = await this.page({
        ids: groups[group]!,
        pattern,
        byEmail: role === 'admin',
        status: query.status,
        after: group === start.group && start.after !== '' ? start.after : undefined,
        limit: want === undefined ? undefined : want - found.length,
      });
      for (const user of rows) found.push({ user, group: group as 0 | 1 });
      if (want !== undefined && found.length >= want) break;
    }

    const shown = query.limit === undefined ? found : found.slice(0, query.limit);
    const last = shown.at(-1);
    const next: DirectoryCursor | null =
      query.limit !== undefined && found.length > query.limit && last
        ? { group: last.group, after: last.user.username }
        : null;
    return {
      users: shown.map(({ user }) => ({ ...toUserProfile(user), isAdmin: members.get(user.id) === 'admin' })),
      nextCursor: next && encodeCursor(next),
      total: pattern === null && query.status === undefined ? groups.reduce((n, ids) => n + ids.length, 0) : null,
    };
  }

  /** The member ids to list, in the order of their groups: a channel's members, then the others. */
  private async groups(actor: Actor, members: Roster, query: DirectoryQuery): Promise<string[][]> {
    const wanted = (role: WorkspaceRole) => query.role === undefined || role === query.role;
    if (!query.channelId) return [[...members].filter(([, role]) => wanted(role)).map(([id]) => id)];
    const inChannel = new Set(
      (await this.bus.request(ChatContracts.listChannelMembers, { actor, channelId: query.channelId })).map(
        (m) => m.userId,
      ),
    );
    const first: string[] = [];
    const others: string[] = [];
    for (const [id, role] of members) if (wanted(role)) (inChannel.has(id) ? first : others).push(id);
    return [first, others];
  }

  private async page({ ids, pattern, byEmail, status, after, limit }: GroupPage): Promise<UserEntity[]> {
    if (ids.length === 0 || limit === 0) return [];
    const qb = this.users.createQueryBuilder('u').where('u.id = ANY(CAST(:ids AS uuid[]))', { ids });
    if (pattern !== null)
      // each side is served by a text_pattern_ops index (IdentityDirectoryIndexes), so a prefix reads few rows
      qb.andWhere(
        `(lower(u.first_name || ' ' || u.last_name) LIKE :pattern OR lower(u.last_name) LIKE :pattern` +
          ` OR u.username LIKE :pattern OR lower(u.handle) LIKE :pattern${byEmail ? ' OR u.email LIKE :pattern' : ''})`,
        { pattern },
      );
    if (status !== undefined) qb.andWhere('u.status = :status', { status });
    if (after !== undefined) qb.andWhere('u.username > :after', { after });
    qb.orderBy('u.username', 'ASC');
    if (limit !== undefined) qb.limit(limit);
    return qb.getMany();
  }
}
