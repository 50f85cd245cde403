// The import's own table (docs/operations.md, "Importing from Slack or Mattermost"): what
// each thing of an export became in Ruche, written in the transaction that creates it, so
// that a second run, or a run after an interruption, creates nothing twice.
import { pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

export const importMap = pgTable(
  'import_map',
  {
    /** 'slack' or 'mattermost'. */
    source: varchar('source', { length: 20 }).notNull(),
    /** 'user', 'channel', 'message' or 'file'. */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The export's id (Slack) or natural key (Mattermost: names and times). */
    externalId: text('external_id').notNull(),
    /** The row made from it (users, channels, messages or files): no foreign key, any table. */
    rucheId: uuid('ruche_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.externalId] })],
);
