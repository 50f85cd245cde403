import type { MessageCreateData } from '#shared/messages';
import {
  SESSION_ALIVE_OF_INPUT,
  SESSION_OF_INPUT,
  sessionAlive,
} from '../../auth/statement-fragments';
import type { PresentableUser } from '../../auth/user-presenter';
import { type Db, pipelineOf } from '../../db/client';
import { GroupBatcher } from '../../lib/group-batcher';
import { MEMBER_PROBE_OF_INPUT, memberProbe } from '../channels/statement-fragments';
import type { MessageRow } from './presenter';

/**
 * The send path's SQL (features/messages/send.ts is the use case): one statement per send,
 * or per batch of sends under load, on the store's pipelined connection. Performance
 * critical: measured in docs/performance-log.md
 * ("Current figures", "What changed"). The statements span other owners' tables for
 * speed (one round trip): the membership and session probes are the fragments the channels
 * feature and auth export; the seq counter and the read marker (channels, channel_members)
 * are still written here, in the same statement. Their texts stay fixed so PostgreSQL keeps
 * them prepared.
 */

/** A row as postgres.js returns it from raw SQL: Drizzle's date parsers are not applied. */
type RawMessage = Omit<MessageRow, 'seq' | 'createdAt' | 'updatedAt'> & {
  seq: string | number;
  createdAt: string;
  updatedAt: string;
  author: Omit<PresentableUser, 'createdAt' | 'updatedAt'> & {
    createdAt: string;
    updatedAt: string;
  };
  channelName: string;
  channelType: string;
};

/**
 * A stored message with its author as the statement read them, in the same snapshot, and
 * its channel's name and type (the row the statement numbered it on): what a notification
 * of it says, without one more look-up a message.
 */
export interface StoredMessage {
  row: MessageRow;
  author: PresentableUser;
  channel: { name: string; type: string };
}

const fromRaw = ({ author, channelName, channelType, ...raw }: RawMessage): StoredMessage => ({
  channel: { name: channelName, type: channelType },
  row: {
    ...raw,
    seq: Number(raw.seq),
    createdAt: new Date(raw.createdAt),
    updatedAt: new Date(raw.updatedAt),
  },
  author: {
    ...author,
    createdAt: new Date(author.createdAt),
    updatedAt: new Date(author.updatedAt),
  },
});

type SendRow = MessageCreateData & { mentions: string[] };

/** One send as the store sees it. */
export interface SendInput {
  channelId: string;
  userId: string;
  /**
   * The session to check in the same statement (a socket's sends: the socket was
   * authenticated at its upgrade, and the session may have ended since). HTTP requests
   * resolved theirs in the same turn and leave it out.
   */
  sessionId?: string | undefined;
  data: SendRow;
}

const RETURNING = `id, channel_id as "channelId", user_id as "userId", content, attachments, mentions,
      parent_message_id as "parentMessageId", edited, seq, client_id as "clientId", urgent,
      created_at::text as "createdAt", updated_at::text as "updatedAt"`;

/** The author as presentUser needs them, read in the statement (no second round trip). */
const AUTHOR = `json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name,
      'lastName', u.last_name, 'displayName', u.display_name,
      'profileImageUrl', u.profile_image_url, 'status', u.status,
      'statusMessage', u.status_message, 'createdAt', u.created_at::text,
      'updatedAt', u.updated_at::text) as author`;

/** The channel row the statement bumped (`alias`), as StoredMessage's `channel`. */
const CHANNEL_OF = (alias: string) =>
  `${alias}.name as "channelName", ${alias}.type as "channelType"`;

/**
 * Assign the next seq and insert, in ONE statement (so one round trip and one implicit
 * transaction): the channel row's lock orders concurrent sends and is held until commit,
 * so seqs commit in order. The statement also checks membership (and the session, when
 * given), skips a clientId already stored (so an ordinary retry burns no seq), marks the
 * channel read for the sender, and reads the author back for the presenter.
 * Two retries racing each other may both pass that check; the unique index then drops the
 * second insert, whose seq is lost: seqs are strictly increasing, with gaps allowed.
 */
async function insertOne(db: Db, { channelId, userId, sessionId, data }: SendInput) {
  const clientId = data.clientId ?? null;
  const sid = sessionId ?? null;
  // postgres.js directly: one fixed statement text, which PostgreSQL keeps prepared on the
  // pipelined connection (planning this CTE each time cost more than running it; the
  // embedded store runs it unnamed). Measured in docs/performance-log.md,
  // "Current figures", "What changed".
  const sql = pipelineOf(db).$client;
  const rows = await sql<RawMessage[]>`
    with next as (
      update channels set last_seq = last_seq + 1
      where id = ${channelId}::uuid
        and exists (${memberProbe(sql, channelId, userId)})
        and ${sessionAlive(sql, sid, userId)}
        and (${clientId}::varchar is null or not exists (
          select 1 from messages m where m.channel_id = ${channelId}::uuid
            and m.user_id = ${userId}::uuid and m.client_id = ${clientId}::varchar))
      returning last_seq, name, type
    ), mark_read as (
      update channel_members set last_read_at = now(),
        last_read_seq = greatest(last_read_seq, (select last_seq from next))
      where channel_id = ${channelId}::uuid and user_id = ${userId}::uuid
        and exists (select 1 from next)
    ), stored as (
      insert into messages
        (channel_id, user_id, content, attachments, mentions, parent_message_id, seq, client_id,
          urgent)
      select ${channelId}::uuid, ${userId}::uuid, ${data.content}::text,
        ${JSON.stringify(data.attachments)}::jsonb, ${JSON.stringify(data.mentions)}::jsonb,
        ${data.parentMessageId ?? null}::uuid, next.last_seq, ${clientId}::varchar,
        ${data.urgent === true}::boolean
      from next
      on conflict (channel_id, user_id, client_id) do nothing
      returning ${sql.unsafe(RETURNING)}
    )
    select stored.*, ${sql.unsafe(AUTHOR)}, ${sql.unsafe(CHANNEL_OF('next'))}
    from stored join users u on u.id = stored."userId" cross join next`;
  const [raw] = rows;
  return raw && fromRaw(raw);
}

/**
 * The same as insertOne for many sends at once, in one statement and one commit: what the
 * sends of one batch share (one round trip, one WAL flush, one lock per channel instead of
 * one per message). The channels are locked in id order, so that two batches (of this node
 * or of two nodes) touching the same channels queue instead of deadlocking. `ord` maps each
 * stored row back to its send.
 */
export async function insertMany(db: Db, sends: readonly SendInput[]) {
  const input = sends.map(({ channelId, userId, sessionId, data }, ord) => ({
    ord,
    channel_id: channelId,
    user_id: userId,
    sid: sessionId ?? null,
    content: data.content,
    attachments: data.attachments,
    mentions: data.mentions,
    parent_message_id: data.parentMessageId ?? null,
    client_id: data.clientId ?? null,
    urgent: data.urgent === true,
  }));
  const sql = pipelineOf(db).$client;
  const rows = await sql<Array<RawMessage & { ord: number }>>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(
        ord int, channel_id uuid, user_id uuid, sid varchar, content text, attachments jsonb,
        mentions jsonb, parent_message_id uuid, client_id varchar, urgent boolean)
    ), eligible as (
      -- Members only, with a live session when one is named, and no clientId stored
      -- already. Each check is a lateral probe of a unique index, one look-up per send,
      -- whatever the planner guesses of the batch: as joins, a cached generic plan could
      -- turn them into scans of whole tables (the clientId one once scanned all messages).
      select i.* from input i
      cross join lateral (${sql.unsafe(MEMBER_PROBE_OF_INPUT)}) member
      left join lateral (${sql.unsafe(SESSION_OF_INPUT)}) s on true
      left join lateral (
        select true as found from messages m
        where m.channel_id = i.channel_id and m.user_id = i.user_id
          and m.client_id = i.client_id
        limit 1
      ) stored on true
      where stored.found is null
        and ${sql.unsafe(SESSION_ALIVE_OF_INPUT)}
    ), counts as (
      select channel_id, count(*)::int as n from eligible group by channel_id
    ), locked as (
      select c.id from channels c where c.id in (select channel_id from counts)
      order by c.id for update
    ), bumped as (
      update channels c set last_seq = c.last_seq + counts.n
      from counts
      where c.id = counts.channel_id and c.id in (select id from locked)
      returning c.id, c.last_seq, counts.n, c.name, c.type
    ), numbered as (
      select e.*,
        b.last_seq - b.n + row_number() over (partition by e.channel_id order by e.ord) as seq
      from eligible e join bumped b on b.id = e.channel_id
    ), mark_read as (
      update channel_members cm set last_read_at = now(),
        last_read_seq = greatest(cm.last_read_seq, r.seq)
      from (select channel_id, user_id, max(seq) as seq from numbered group by 1, 2) r
      where cm.channel_id = r.channel_id and cm.user_id = r.user_id
    ), stored as (
      insert into messages
        (channel_id, user_id, content, attachments, mentions, parent_message_id, seq, client_id,
          urgent)
      select channel_id, user_id, content, attachments, mentions, parent_message_id, seq, client_id,
        urgent
      from numbered order by ord
      on conflict (channel_id, user_id, client_id) do nothing
      returning ${sql.unsafe(RETURNING)}
    )
    select n.ord, stored.*, ${sql.unsafe(AUTHOR)}, ${sql.unsafe(CHANNEL_OF('b'))} from stored
    join numbered n on n.channel_id = stored."channelId" and n.seq = stored.seq
    join bumped b on b.id = stored."channelId"
    join users u on u.id = stored."userId"`;
  const byOrd = new Map(rows.map((raw) => [raw.ord, fromRaw(raw)]));
  return sends.map((_, ord) => byOrd.get(ord));
}

/** Two sends of one retry (same channel, author and clientId) in one batch are one send. */
const sendKey = ({ channelId, userId, data }: SendInput) =>
  data.clientId ? `${channelId}:${userId}:${data.clientId}` : undefined;

/**
 * Insert the sends of one batch together. Duplicated retries within the batch go in once;
 * the others get nothing back and answer as retries. A batch that fails (a parent deleted
 * meanwhile, a deadlock with another node) wrote nothing, so each send is then tried on its
 * own and only the faulty one fails.
 */
export async function storeSends(db: Db, sends: readonly SendInput[]) {
  // A lone send (every send when the server is not busy) takes insertOne's plain statement:
  // the latency of scenario (b) was measured on it, and it is the retry path below too.
  if (sends.length === 1) return [await insertOne(db, sends[0] as SendInput)];
  const seen = new Set<string>();
  const unique: SendInput[] = [];
  const slot = sends.map((send) => {
    const key = sendKey(send);
    if (key && seen.has(key)) return -1;
    if (key) seen.add(key);
    return unique.push(send) - 1;
  });
  let stored: Array<StoredMessage | undefined | Error>;
  try {
    stored = await insertMany(db, unique);
  } catch {
    stored = await Promise.all(
      unique.map((send) =>
        insertOne(db, send).catch((err: unknown) =>
          err instanceof Error ? err : new Error(String(err)),
        ),
      ),
    );
  }
  return slot.map((i) => (i < 0 ? undefined : stored[i]));
}

/**
 * Sends gathered into batches, one batcher per store (see GroupBatcher), on the store's
 * pipelined connection: two statements at once, the second queued behind the first on the
 * same PostgreSQL backend, and whatever arrives meanwhile goes in the next. Measured in
 * docs/performance-log.md ("Current figures", "What changed" 2): two backends at once
 * contend for the two cores, one statement at a
 * time leaves the backend idle while this process handles the answer.
 */
const batchers = new WeakMap<Db, GroupBatcher<SendInput, StoredMessage | undefined>>();
const SEND_STATEMENTS_AT_ONCE = 2;

export function insertMessage(db: Db, send: SendInput) {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new GroupBatcher((sends) => storeSends(db, sends), {
      concurrency: SEND_STATEMENTS_AT_ONCE,
      maxBatchSize: 256,
    });
    batchers.set(db, batcher);
  }
  return batcher.load(send);
}
