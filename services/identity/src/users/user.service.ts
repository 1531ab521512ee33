import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, QueryFailedError, type EntityManager, type Repository } from 'typeorm';
import {
  ErrorCodes,
  IdentityEvents,
  WorkspaceContracts,
  type Actor,
  type IdentityUser,
  type Login,
  type RegisterUser,
  type UpdateUser,
  type UserProfile,
  ImageOwners,
} from '@teamchat/contracts';
import { BusClient, DomainError, KeyedLimits } from '@teamchat/bus';
import { PreparedStatement, PreparedStatements } from '@teamchat/database';
import { Outbox, WorkspaceMembership, StoredImages } from '@teamchat/service-kit';
import { MAX_STARS, UserEntity } from './user.entity.js';
import { PasswordHasher } from './password.hasher.js';
import { nextFreeUsername, usernameBase, usernameFamilyPattern } from './username.js';
import { toIdentityUser, toUserProfile } from './user.mapper.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const HANDLE_TAKEN_MESSAGE = 'This handle is already taken in this workspace.';
export const TOO_MANY_STARS_MESSAGE = `This award would give the user more than ${MAX_STARS.toLocaleString('en-US')} stars, the most a user can hold.`;

const isUniqueViolation = (err: unknown, constraint: string): boolean =>
  err instanceof QueryFailedError &&
  (err.driverError as { code?: string; constraint?: string }).code === '23505' &&
  (err.driverError as { constraint?: string }).constraint === constraint;

/** A short code shown beside the username ("agent id"); not secret, not unique. */
const newAgentId = (): string => randomBytes(4).toString('hex').slice(0, 6).toUpperCase();

/** Stable 32-bit key for a transaction-scoped advisory lock on one workspace's handles. */
const handleLockKey = (workspaceId: string): number =>
  Number.parseInt(workspaceId.replace(/-/g, '').slice(0, 8), 16) | 0;

/**
 * The users a search's `from:`/`in:` names (usernames are stored lower case, UQ_USER_USERNAME; handles through
 * IDX_USER_HANDLE_LOWER). On the path of every such search, before its first read: prepared, so each connection
 * parses and plans it once (built by the query builder and sent unnamed, Postgres parsed and planned it every time).
 */
const FIND_BY_NAMES = new PreparedStatement<{ id: string; username: string; handle: string | null }>(
  'identity.user.find-by-names',
  `SELECT "id", "username", "handle" FROM "identity"."user" WHERE "username" = ANY($1::text[]) OR lower("handle") = ANY($1::text[])`,
);

/**
 * Awards to one user, one at a time in this process: each award's update waits on that user's row lock while holding a
 * pooled connection, so a burst of awards to one colleague would otherwise take every connection of the pool.
 */
const AWARDS_WAITING_MAX = 1000;

@Injectable()
export class UserService {
  private readonly awardsByUser = new KeyedLimits(
    1,
    AWARDS_WAITING_MAX,
    () => new DomainError(ErrorCodes.tenantBusy, 'Too many awards to this user at once. Try again in a moment.'),
  );

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly bus: BusClient,
    private readonly images: StoredImages,
    private readonly membership: WorkspaceMembership,
    private readonly outbox: Outbox,
    private readonly statements: PreparedStatements,
  ) {}

  async register(input: RegisterUser): Promise<IdentityUser> {
    if (await this.users.existsBy({ email: input.email }))
      throw new DomainError(ErrorCodes.emailTaken, EMAIL_TAKEN_MESSAGE);
    const passwordHash = await this.hasher.hash(input.password);
    const base = usernameBase(input.firstName, input.lastName, input.email);
    // two people with the same name may register at once: the unique index decides, and the loser picks again
    for (let attempt = 0; ; attempt++) {
      const taken = await this.users
        .createQueryBuilder('u')
        .select('u.username', 'username')
        .where('u.username ~ :pattern', { pattern: usernameFamilyPattern(base) })
        .getRawMany<{ username: string }>();
      const user = this.users.create({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        companySize: input.companySize,
        username: nextFreeUsername(
          base,
          taken.map((t) => t.username),
        ),
        agentId: newAgentId(),
      });
      try {
        return toIdentityUser(await this.users.save(user));
      } catch (err) {
        if (isUniqueViolation(err, 'UQ_USER_EMAIL')) throw new DomainError(ErrorCodes.emailTaken, EMAIL_TAKEN_MESSAGE);
        if (isUniqueViolation(err, 'UQ_USER_USERNAME') && attempt < 10) continue;
        throw err;
      }
    }
  }

  async authenticate(input: Login): Promise<{ userId: string }> {
    const user = await this.users.findOne({ where: { email: input.email }, select: { id: true, passwordHash: true } });
    const ok = user
      ? await this.hasher.verify(user.passwordHash, input.password)
      : await this.hasher.verifyDecoy(input.password);
    if (!user || !ok) throw new DomainError(ErrorCodes.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);
    return { userId: user.id };
  }

  async get(userId: string): Promise<IdentityUser> {
    return toIdentityUser(await this.find(userId));
  }

  async getMany(userIds: string[]): Promise<UserProfile[]> {
    if (userIds.length === 0) return [];
    const found = await this.users.findBy({ id: In([...new Set(userIds)]) });
    return found.map(toUserProfile);
  }

  async findByNames(names: string[]): Promise<{ id: string; username: string; handle: string | null }[]> {
    const lower = [...new Set(names.map((n) => n.toLowerCase()))];
    if (lower.length === 0) return [];
    return this.statements.rows(FIND_BY_NAMES, [lower]);
  }

  async update(actor: Actor, userId: string, changes: UpdateUser): Promise<IdentityUser> {
    if (actor.userId !== userId) throw new DomainError(ErrorCodes.forbidden, 'You can only edit your own profile');
    if (changes.profileImageUrl) {
      const current = await this.find(userId);
      // the signup profile step sends the stored address back unchanged: nothing new to check
      if (changes.profileImageUrl !== current.profileImageUrl)
        await this.images.requireUploaded(actor, changes.profileImageUrl, {
          kind: 'profile',
          owners: [
            ImageOwners.user(actor.userId),
            ...(actor.workspaceId ? [ImageOwners.workspace(actor.workspaceId)] : []),
          ],
          field: 'profileImageUrl',
        });
    }
    const saved = await this.dataSource.transaction(async (em) => {
      const user = await this.lockedUser(em, userId);
      if (
        changes.handle !== undefined &&
        changes.handle !== null &&
        changes.handle.toLowerCase() !== user.handle?.toLowerCase()
      ) {
        await this.assertHandleFree(em, actor, changes.handle);
      }
      if (changes.handle !== undefined) user.handle = changes.handle;
      if (changes.aboutMe !== undefined) user.aboutMe = changes.aboutMe;
      if (changes.profileImageUrl !== undefined) user.profileImageUrl = changes.profileImageUrl || null;
      if (changes.onboardingCompleted !== undefined) user.onboardingCompleted = changes.onboardingCompleted;
      if (changes.status !== undefined) user.status = changes.status;
      const updated = await em.save(user);
      await this.outbox.add(em, IdentityEvents.userUpdated, toUserProfile(updated));
      return updated;
    });
    return toIdentityUser(saved);
  }

  async awardStars(actor: Actor, userId: string, stars: number): Promise<UserProfile> {
    const own = await this.membership.member(actor);
    if (own.role !== 'admin') throw new DomainError(ErrorCodes.notAdmin, 'Only workspace admins can award stars');
    if (!(await this.membership.isMember(own.workspaceId, userId)))
      throw new DomainError(ErrorCodes.userNotFound, 'User not found');
    return this.awardsByUser.run(userId, () => this.addStars(userId, stars));
  }

  private addStars(userId: string, stars: number): Promise<UserProfile> {
    return this.dataSource.transaction(async (em) => {
      // the limit is checked by the update itself, so concurrent awards cannot pass it together
      const result = await em
        .createQueryBuilder()
        .update(UserEntity)
        .set({ stars: () => 'stars + :stars' })
        .setParameter('stars', stars)
        .where('id = :userId', { userId })
        .andWhere('stars <= :room', { room: MAX_STARS - stars })
        .execute();
      if (!result.affected) {
        if (await em.existsBy(UserEntity, { id: userId }))
          throw new DomainError(ErrorCodes.validation, TOO_MANY_STARS_MESSAGE, [
            { path: 'stars', message: TOO_MANY_STARS_MESSAGE },
          ]);
        throw new DomainError(ErrorCodes.userNotFound, 'User not found');
      }
      const profile = toUserProfile(await em.findOneByOrFail(UserEntity, { id: userId }));
      await this.outbox.add(em, IdentityEvents.userUpdated, profile);
      return profile;
    });
  }

  async markPaymentCompleted(input: {
    userId: string;
    stripeCustomerId?: string | null;
    stripeSubscriptionId?: string | null;
  }): Promise<IdentityUser> {
    const saved = await this.dataSource.transaction(async (em) => {
      const user = await this.lockedUser(em, input.userId);
      user.paymentCompleted = true;
      if (input.stripeCustomerId !== undefined) user.stripeCustomerId = input.stripeCustomerId;
      if (input.stripeSubscriptionId !== undefined) user.stripeSubscriptionId = input.stripeSubscriptionId;
      const updated = await em.save(user);
      // gateways keep the user's record with their sessions: tell them it changed
      await this.outbox.add(em, IdentityEvents.userUpdated, toUserProfile(updated));
      return updated;
    });
    return toIdentityUser(saved);
  }

  async delete(userId: string): Promise<{ userId: string }> {
    await this.dataSource.transaction(async (em) => {
      const result = await em.delete(UserEntity, { id: userId });
      if (!result.affected) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
      await this.outbox.add(em, IdentityEvents.userDeleted, { userId });
    });
    return { userId };
  }

  /** The user's row, locked until `em`'s transaction ends: a delete waits, so saving it cannot insert it again. */
  private async lockedUser(em: EntityManager, userId: string): Promise<UserEntity> {
    const user = await em.findOne(UserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
    return user;
  }

  private async find(userId: string): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
    return user;
  }

  /** Handles are compared case-insensitively among the members of the actor's current workspace. */
  private async assertHandleFree(em: EntityManager, actor: Actor, handle: string): Promise<void> {
    if (!actor.workspaceId) return;
    // serialises handle changes within one workspace, so two members cannot claim the same handle at once
    await em.query('SELECT pg_advisory_xact_lock($1)', [handleLockKey(actor.workspaceId)]);
    const members = await this.bus.request(WorkspaceContracts.listMembers, { workspaceId: actor.workspaceId });
    const others = members.map((m) => m.userId).filter((id) => id !== actor.userId);
    if (others.length === 0) return;
    const clash = await em
      .createQueryBuilder(UserEntity, 'u')
      // one array parameter, not one per member (Postgres takes at most 65,535 parameters a statement)
      .where('u.id = ANY(CAST(:others AS uuid[]))', { others })
      .andWhere('lower(u.handle) = lower(:handle)', { handle })
      .getExists();
    if (clash) throw new DomainError(ErrorCodes.handleTaken, HANDLE_TAKEN_MESSAGE);
  }
}
