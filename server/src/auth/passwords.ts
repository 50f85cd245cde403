import argon2 from 'argon2';
import type { PasswordHashCost } from '../config';

/**
 * Local accounts' passwords, hashed with argon2id at `config.passwordHashCost` (argon2's own
 * defaults in every deployment: docs/security.md). A hash records its parameters, so a
 * password is checked at the cost it was hashed with.
 */
export const hashPassword = (password: string, cost: PasswordHashCost): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id, ...cost });

export const verifyPassword = (hash: string, password: string): Promise<boolean> =>
  argon2.verify(hash, password);
