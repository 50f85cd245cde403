import type postgres from 'postgres';

/**
 * Pieces of raw SQL for statements that must check a session in their own round trip (a
 * socket's send: features/messages/send-statements.ts). Fixed texts, so the statement
 * stays one prepared plan.
 */

/** True when no session is named, or the named one is alive and is `userId`'s. */
export const sessionAlive = (sql: postgres.Sql, sid: string | null, userId: string) =>
  sql`(${sid}::varchar is null or exists (
          select 1 from sessions s where s.sid = ${sid}::varchar and s.expire > now()
            and s.sess->>'userId' = ${userId}::text))`;

/** Per row of a batch (`i`: sid, user_id): the session row, joined as `s`… */
export const SESSION_OF_INPUT =
  'select s.expire, s.sess from sessions s where s.sid = i.sid limit 1';

/** …and the condition on it. */
export const SESSION_ALIVE_OF_INPUT =
  "(i.sid is null or (s.expire > now() and s.sess->>'userId' = i.user_id::text))";
