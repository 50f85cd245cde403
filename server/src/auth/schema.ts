// Identity: every feature joins users for names, so the table sits below the features,
// with sessions, in auth/ (read and written through auth/users.ts).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { DISPLAY_NAME_MAX, EMAIL_MAX, STATUS_MAX, STATUS_MESSAGE_MAX } from '#shared/limits';
import { createdAt, id, ownedBy, tz, updatedAt } from '../db/columns';
import { folded } from '../db/fold';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: EMAIL_MAX }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    displayName: varchar('display_name', { length: DISPLAY_NAME_MAX }),
    profileImageUrl: text('profile_image_url'),
    // Live presence (docs/product.md §4), kept by the realtime hub: what other people see.
    status: varchar('status', { length: STATUS_MAX }).notNull().default('online'),
    // The status the user chose in their profile (docs/product.md §2 settings); presence starts from it.
    chosenStatus: varchar('chosen_status', { length: STATUS_MAX }).notNull().default('online'),
    statusMessage: varchar('status_message', { length: STATUS_MESSAGE_MAX }),
    // Local accounts only: argon2id hash. Null for accounts made through OpenID Connect.
    passwordHash: text('password_hash'),
    // OpenID Connect: issuer + subject identify the account, whatever its email becomes.
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    // When its owner proved the email (a link sent by mail, or a provider's verified claim).
    emailVerifiedAt: tz('email_verified_at'),
    // The workspace's administrators: the first account, and whom they make so.
    isAdmin: boolean('is_admin').notNull().default(false),
    // Set by an administrator (features/admin): the account can no longer sign in by any
    // method; its messages stay, its name shown with « (désactivé) ».
    deactivatedAt: tz('deactivated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The directory's search (features/users/directory.ts), kept by the store: every name and
    // the email, then the name people are sorted by, accents and case aside (db/fold.ts).
    directoryText: text('directory_text').generatedAlwaysAs(
      folded(
        sql`coalesce("display_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '')`,
      ),
    ),
    directorySortKey: text('directory_sort_key').generatedAlwaysAs(
      folded(sql`coalesce("display_name", "first_name", "email", '')`),
    ),
  },
  (t) => [
    // The directory's pages, in order (features/users/directory.ts).
    index('users_directory_sort_idx').on(t.directorySortKey, t.id),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_key').on(t.oidcIssuer, t.oidcSubject),
    // "@handle" look-ups (features/channels/queries.ts, findMentionedMembers); the email's
    // is users_email_key.
    index('users_display_name_lower_idx').on(sql`lower(${t.displayName})`),
    index('users_first_name_lower_idx').on(sql`lower(${t.firstName})`),
    index('users_full_name_lower_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    index('users_email_local_lower_idx').on(sql`lower(split_part(${t.email}, '@', 1))`),
    check('users_status_check', sql`${t.status} in ('online', 'away', 'offline')`),
    check('users_chosen_status_check', sql`${t.chosenStatus} in ('online', 'away', 'offline')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a copied row cannot be replayed as a cookie.
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess')
      .$type<{ userId: string; createdAt: string; lastUsedAt?: string; userAgent?: string }>()
      .notNull(),
    expire: tz('expire').notNull(),
  },
  (t) => [
    index('sessions_expire_idx').on(t.expire),
    // A person's sessions: the list in the settings, ending the others, a password change.
    index('sessions_user_idx').on(sql`(${t.sess}->>'userId')`),
  ],
);

/**
 * Single-use tokens: links sent by mail (verify an address, reset a password), and the
 * mobile app's sign-in codes (app-sign-in.ts: redeemed once, on any node). Only the token's
 * SHA-256 is stored, used at most once, before it expires.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    check(
      'auth_tokens_kind_check',
      sql`${t.kind} in ('verify_email', 'reset_password', 'app_sign_in')`,
    ),
  ],
);

/** Links an administrator makes for people to create an account when SIGNUP=invite. */
export const workspaceInvites = pgTable('workspace_invites', {
  id: id(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: tz('expires_at').notNull(),
  maxUses: integer('max_uses').notNull(),
  usesCount: integer('uses_count').notNull().default(0),
  revokedAt: tz('revoked_at'),
  createdAt: createdAt(),
});

/**
 * The console's sign-up policy (docs/security.md, "Who may sign up"): one row at most; none
 * means SIGNUP and SIGNUP_DOMAINS from the environment apply.
 */
export const signupSettings = pgTable(
  'signup_settings',
  {
    id: integer('id').primaryKey().default(1),
    policy: varchar('policy', { length: 16 }).notNull(),
    domains: jsonb('domains').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('signup_settings_single_row', sql`${t.id} = 1`),
    check('signup_settings_policy', sql`${t.policy} in ('open', 'domains', 'invite')`),
  ],
);
