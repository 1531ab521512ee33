import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, type EntityManager } from 'typeorm';
import {
  ErrorCodes,
  PASSWORD_RESET_TTL_MINUTES,
  RESET_TOKEN_INVALID_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  type ChangePassword,
  type PasswordResetConfirm,
} from '@teamchat/contracts';
import { DomainError } from '@teamchat/bus';
import { UserEntity } from '../users/user.entity.js';
import { PasswordHasher } from '../users/password.hasher.js';
import { PasswordResetEntity } from './password-reset.entity.js';
import { Mailer } from './mailer.js';

const TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Changing a password (proving the current one) and recovering a forgotten one by a single-use emailed link. */
@Injectable()
export class PasswordService {
  private readonly logger = new Logger(PasswordService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
  ) {}

  async change(input: ChangePassword & { userId: string }): Promise<{ userId: string }> {
    const users = this.dataSource.getRepository(UserEntity);
    const user = await users.findOne({ where: { id: input.userId }, select: { id: true, passwordHash: true } });
    if (!user) throw new DomainError(ErrorCodes.userNotFound, 'User not found');
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword)))
      throw new DomainError(ErrorCodes.wrongPassword, WRONG_PASSWORD_MESSAGE, [
        { path: 'currentPassword', message: WRONG_PASSWORD_MESSAGE },
      ]);
    if (input.newPassword === input.currentPassword)
      throw new DomainError(ErrorCodes.validation, SAME_PASSWORD_MESSAGE, [
        { path: 'newPassword', message: SAME_PASSWORD_MESSAGE },
      ]);
    const passwordHash = await this.hasher.hash(input.newPassword);
    await this.dataSource.transaction((m) => this.setPassword(m, user.id, passwordHash));
    return { userId: user.id };
  }

  /**
   * Answers at once, the same whether or not `email` has an account: the token, its row and the mail are made after
   * the reply, so neither the answer nor its timing tells who is registered.
   */
  requestReset(input: { email: string; resetUrl: string }): Record<string, never> {
    setImmediate(() => {
      this.sendReset(input).catch((err: unknown) =>
        this.logger.error(`password reset for ${input.email} not sent: ${String(err)}`),
      );
    });
    return {};
  }

  async confirmReset(input: PasswordResetConfirm): Promise<{ userId: string }> {
    const passwordHash = await this.hasher.hash(input.newPassword);
    return this.dataSource.transaction(async (m) => {
      // single use, decided by the row update itself: of two concurrent confirmations only one finds it unused
      const claimed = await m
        .createQueryBuilder()
        .update(PasswordResetEntity)
        .set({ usedAt: () => 'now()' })
        .where('token_hash = :hash AND used_at IS NULL AND expires_at > now()', { hash: tokenHash(input.token) })
        .returning(['userId'])
        .execute();
      const row = (claimed.raw as { user_id: string }[])[0];
      if (!row) throw new DomainError(ErrorCodes.resetTokenInvalid, RESET_TOKEN_INVALID_MESSAGE);
      await this.setPassword(m, row.user_id, passwordHash);
      return { userId: row.user_id };
    });
  }

  private async sendReset({ email, resetUrl }: { email: string; resetUrl: string }): Promise<void> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOne({ where: { email }, select: { id: true, email: true, firstName: true } });
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.getRepository(PasswordResetEntity).insert({
      userId: user.id,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    const link = `${resetUrl}?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your TeamChat password',
      text: [
        `Hi ${user.firstName},`,
        '',
        'Someone (hopefully you) asked to reset the password of your TeamChat account. Open this link to choose a new one:',
        '',
        link,
        '',
        `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
      ].join('\n'),
      html: `<p>Hi ${escapeHtml(user.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your TeamChat account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
      logLine: `PASSWORD RESET LINK for ${user.email} (valid ${PASSWORD_RESET_TTL_MINUTES} min): ${link}`,
    });
  }

  /** The new hash, and every reset link of the user still outstanding stops working. */
  private async setPassword(m: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await m.getRepository(UserEntity).update({ id: userId }, { passwordHash });
    await m
      .getRepository(PasswordResetEntity)
      .update({ userId, usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { usedAt: () => 'now()' });
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
