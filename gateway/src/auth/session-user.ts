import { BusClient, DomainError } from '@teamchat/bus';
import { ErrorCodes, IdentityContracts, type IdentityUser } from '@teamchat/contracts';

/**
 * The user a session names, or null when that account no longer exists: a session is only as good as its user. Behind
 * AuthGuard (through ActorService) and the live socket's upgrade alike.
 */
export const sessionUser = (bus: BusClient, userId: string): Promise<IdentityUser | null> =>
  bus.request(IdentityContracts.get, { userId }).catch((err: unknown) => {
    if (err instanceof DomainError && err.code === ErrorCodes.userNotFound) return null;
    throw err;
  });
