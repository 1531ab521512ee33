import { IdentityInit1732000000000 } from './1732000000000-init.js';
import { IdentityPasswordReset1736000000000 } from './1736000000000-password-reset.js';
import { IdentityDurableEvents1740000000000 } from './1740000000000-durable-events.js';
import { IdentityDirectoryIndexes1741000000000 } from './1741000000000-directory-indexes.js';

/** Committed migrations of the identity schema, in order. */
export const identityMigrations: Function[] = [
  IdentityInit1732000000000,
  IdentityPasswordReset1736000000000,
  IdentityDurableEvents1740000000000,
  IdentityDirectoryIndexes1741000000000,
];
