import { PasswordResetEntity } from './passwords/password-reset.entity.js';
import { UserEntity } from './users/user.entity.js';

/** Entities of the identity schema. */
export const identityEntities: Function[] = [UserEntity, PasswordResetEntity];
