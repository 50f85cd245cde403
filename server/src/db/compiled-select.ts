import { Column, fillPlaceholders, getTableColumns, is, SQL, sql, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/** A select's fields: columns, whole tables or objects of columns (one level), and sql``. */
export type CompiledFields = Record<string, Column | SQL | Table | Record<string, Column>>;

interface Step {
  /** Set on the row's own object, or on its `group` object (a table's columns: `message.id`). */
  key: string;
  group: string | undefined;
  /** The column's own decoding (a timestamp's Date); none for sql`` fields. */
  column: Column | undefined;
}

/**
 * A select run often, whose rows are mapped by steps worked out once from its fields. Drizzle
 * maps each row of each call generically: for each field it asks again what kind of field it
 * is (`is`, a walk up the prototype chain) and walks its path — for a page of 51 messages
 * with their authors, 1,200 fields, a third of the server's CPU for a page, its most frequent
 * select (docs/performance-log.md, capacity, "2026-11-28, 22:00"). Columns are decoded as Drizzle
 * decodes them (mapFromDriverValue); sql`` fields come as the driver parses them (so none may
 * use mapWith). The statement is `select <fields> <rest>`, sent named; `rest` (from … where …)
 * may hold sql.placeholder()s, given at each call.
 */
export function compiledSelect<Row>(
  db: Db,
  fields: CompiledFields,
  rest: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const steps: Step[] = [];
  const list: SQL[] = [];
  const add = (key: string, group: string | undefined, field: Column | SQL) => {
    steps.push({ key, group, column: is(field, Column) ? field : undefined });
    list.push(is(field, Column) ? sql`${field}` : sql`(${field})`);
  };
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Column) || is(field, SQL)) add(key, undefined, field);
    else {
      const columns = is(field, Table) ? getTableColumns(field) : field;
      for (const [name, column] of Object.entries(columns)) add(name, key, column);
    }
  }
  const query = dialect.sqlToQuery(sql`select ${sql.join(list, sql`, `)} ${rest}`);
  const map = (row: unknown[]): Row => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < steps.length; i++) {
      const { key, group, column } = steps[i] as Step;
      const raw = row[i];
      const value = raw === null || !column ? raw : column.mapFromDriverValue(raw);
      if (group === undefined) {
        out[key] = value;
        continue;
      }
      let object = out[group] as Record<string, unknown> | undefined;
      if (!object) {
        object = {};
        out[group] = object;
      }
      object[key] = value;
    }
    return out as Row;
  };
  return async (values) => {
    const params = fillPlaceholders(query.params, values) as never[];
    const rows = await db.$client.unsafe(query.sql, params, { prepare: true }).values();
    return rows.map((row) => map(row as unknown[]));
  };
}
