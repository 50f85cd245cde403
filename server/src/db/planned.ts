import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { ALWAYS_UNNAMED } from './store-gate';

const dialect = new PgDialect();

/**
 * Run a statement unnamed, so that PostgreSQL plans it for these very parameters every time,
 * never with the generic plan a named statement moves to after five executions
 * (docs/performance-log.md, capacity, "2026-11-28, 09:00"): for a statement whose best plan
 * depends on its parameters (the search's words) or on a table that grows fast from empty
 * (the notifications a channel read reads). It costs a second round trip.
 */
export async function plannedEachTime<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const rows = await db.$client.unsafe(query.sql, query.params as never[], ALWAYS_UNNAMED);
  return rows as unknown as T[];
}

/**
 * Run a statement named, whatever its number of parameters: parsed once per connection, and
 * PostgreSQL may keep a generic plan of it after five executions (when that plan costs no
 * more than the custom ones). db/store-gate.ts names only statements of at most
 * NAMED_PARAMETERS_MAX parameters, since a list written one parameter per item gives a text
 * per length; pass here only a statement whose text takes a few forms. The notify statement
 * has 27–29 parameters: sent unnamed, it was parsed and planned at every message
 * (docs/performance-log.md, capacity, "2026-11-28, 15:00"). The embedded store names nothing.
 */
export async function plannedOnce<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const rows = await db.$client.unsafe(query.sql, query.params as never[], { prepare: true });
  return rows as unknown as T[];
}

/**
 * plannedOnce for a statement whose text never changes, built by drizzle once rather than at
 * each run: its parameters are written `$1`, `$2`… in `statement` (which holds no other) and
 * given at each run.
 */
export function fixedStatement(statement: () => SQL) {
  let text: string | undefined;
  return async <T>(db: Db, params: readonly unknown[]): Promise<T[]> => {
    if (text === undefined) {
      const query = dialect.sqlToQuery(statement());
      if (query.params.length > 0) throw new Error('fixedStatement: write its parameters as $n');
      text = query.sql;
    }
    const rows = await db.$client.unsafe(text, params as never[], { prepare: true });
    return rows as unknown as T[];
  };
}
