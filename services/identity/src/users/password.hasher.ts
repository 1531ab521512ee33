import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and cheap enough for two cores shared by many requests.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hashing; unknown emails are verified against a decoy hash so both failures take the same time. */
@Injectable()
export class PasswordHasher {
  private decoy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time a real verification would, for an account that does not exist. */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= argon2.hash(randomBytes(32).toString('hex'), OPTIONS);
    await this.verify(await this.decoy, password);
    return false;
  }
}
