import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz } from '../../db/columns';

/**
 * The audit log (issue 48 item 2): every administrative and security-relevant act, with its
 * time, actor, target and address. Rows are written in the act's own transaction
 * (recordAudit) and purged after AUDIT_RETENTION_DAYS.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    createdAt: createdAt(),
    // Null: the system (a background job, the command line) or an account since erased.
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }),
    targetId: varchar('target_id', { length: 64 }),
    // What the target was called at the time (it may be renamed or deleted since).
    targetLabel: text('target_label'),
    address: varchar('address', { length: 64 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // The console's pages, newest first (keyset on (created_at, id)).
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetId).where(sql`${t.targetId} is not null`),
  ],
);

/**
 * The devices an account signed in from (a hash of user agent and address): a sign-in from
 * one not seen before is audited as `session.new_device`.
 */
export const knownDevices = pgTable(
  'audit_known_devices',
  {
    userId: ownedBy('user_id', () => users.id),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);
