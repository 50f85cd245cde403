import DataLoader from 'dataloader';
import { and, eq, isNull } from 'drizzle-orm';
import type { Message, MessageCreateData } from '#shared/messages';
import type { Db } from '../../db/client';
import { messages, type users } from '../../db/schema';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/errors';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { type Deps, publish } from '../deps';
import { listMemberNames, needsMentionLookup, resolveMentions } from './mentions';
import { type MessageRow, presentMessage } from './presenter';
import { findPresentedMessage } from './queries';

type UserRow = typeof users.$inferSelect;

/** A row as postgres.js returns it from raw SQL: Drizzle's date parsers are not applied. */
type RawMessage = Omit<MessageRow, 'seq' | 'createdAt' | 'updatedAt'> & {
  seq: string | number;
  createdAt: string;
  updatedAt: string;
};

const fromRaw = (raw: RawMessage): MessageRow => ({
  ...raw,
  seq: Number(raw.seq),
  createdAt: new Date(raw.createdAt),
  updatedAt: new Date(raw.updatedAt),
});

type SendRow = MessageCreateData & { mentions: string[] };

/** One send as the store sees it. */
export interface SendInput {
  channelId: string;
  userId: string;
  data: SendRow;
}

const RETURNING = `id, channel_id as "channelId", user_id as "userId", content, attachments, mentions,
      parent_message_id as "parentMessageId", edited, seq, client_id as "clientId",
      created_at::text as "createdAt", updated_at::text as "updatedAt"`;

/**
 * Assign the next seq and insert, in ONE statement (so one round trip and one implicit
 * transaction): the channel row's lock orders concurrent sends and is held until commit,
 * so seqs commit in order. The statement also checks membership, skips a clientId already
 * stored (so an ordinary retry burns no seq), and marks the channel read for the sender.
 * Two retries racing each other may both pass that check; the unique index then drops the
 * second insert, whose seq is lost: seqs are strictly increasing, with gaps allowed.
 */
async function insertOne(db: Db, { channelId, userId, data }: SendInput) {
  const clientId = data.clientId ?? null;
  // postgres.js directly: one fixed statement text, which PostgreSQL keeps prepared per
  // connection (planning this CTE each time cost more than running it; the embedded store
  // runs it unnamed). Measured in docs/performance.md.
  const rows = await db.$client<RawMessage[]>`
    with next as (
      update channels set last_seq = last_seq + 1
      where id = ${channelId}::uuid
        and exists (select 1 from channel_members cm
                    where cm.channel_id = ${channelId}::uuid and cm.user_id = ${userId}::uuid)
        and (${clientId}::varchar is null or not exists (
          select 1 from messages m where m.channel_id = ${channelId}::uuid
            and m.user_id = ${userId}::uuid and m.client_id = ${clientId}::varchar))
      returning last_seq
    ), mark_read as (
      update channel_members set last_read_at = now()
      where channel_id = ${channelId}::uuid and user_id = ${userId}::uuid
        and exists (select 1 from next)
    )
    insert into messages
      (channel_id, user_id, content, attachments, mentions, parent_message_id, seq, client_id)
    select ${channelId}::uuid, ${userId}::uuid, ${data.content}::text,
      ${JSON.stringify(data.attachments)}::jsonb, ${JSON.stringify(data.mentions)}::jsonb,
      ${data.parentMessageId ?? null}::uuid, next.last_seq, ${clientId}::varchar
    from next
    on conflict (channel_id, user_id, client_id) do nothing
    returning ${db.$client.unsafe(RETURNING)}`;
  const [raw] = rows;
  return raw && fromRaw(raw);
}

/**
 * The same as insertOne for many sends at once, in one statement and one commit: what the
 * sends of one event-loop turn share (one round trip, one WAL flush, one lock per channel
 * instead of one per message). The channels are locked in id order, so that two batches
 * (of two nodes) touching the same channels queue instead of deadlocking. `ord` maps each
 * stored row back to its send.
 */
async function insertMany(db: Db, sends: readonly SendInput[]) {
  const input = sends.map(({ channelId, userId, data }, ord) => ({
    ord,
    channel_id: channelId,
    user_id: userId,
    content: data.content,
    attachments: data.attachments,
    mentions: data.mentions,
    parent_message_id: data.parentMessageId ?? null,
    client_id: data.clientId ?? null,
  }));
  const rows = await db.$client<Array<RawMessage & { ord: number }>>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(
        ord int, channel_id uuid, user_id uuid, content text, attachments jsonb, mentions jsonb,
        parent_message_id uuid, client_id varchar)
    ), eligible as (
      -- Members only, and no clientId stored already. The lateral probe keeps that check
      -- one index look-up per send (as a subplan it became a scan of the whole table).
      select i.* from input i
      join channel_members cm on cm.channel_id = i.channel_id and cm.user_id = i.user_id
      left join lateral (
        select true as found from messages m
        where m.channel_id = i.channel_id and m.user_id = i.user_id
          and m.client_id = i.client_id
        limit 1
      ) stored on true
      where stored.found is null
    ), counts as (
      select channel_id, count(*)::int as n from eligible group by channel_id
    ), locked as (
      select c.id from channels c where c.id in (select channel_id from counts)
      order by c.id for update
    ), bumped as (
      update channels c set last_seq = c.last_seq + counts.n
      from counts
      where c.id = counts.channel_id and c.id in (select id from locked)
      returning c.id, c.last_seq, counts.n
    ), numbered as (
      select e.*,
        b.last_seq - b.n + row_number() over (partition by e.channel_id order by e.ord) as seq
      from eligible e join bumped b on b.id = e.channel_id
    ), mark_read as (
      update channel_members cm set last_read_at = now()
      from (select distinct channel_id, user_id from numbered) r
      where cm.channel_id = r.channel_id and cm.user_id = r.user_id
    ), stored as (
      insert into messages
        (channel_id, user_id, content, attachments, mentions, parent_message_id, seq, client_id)
      select channel_id, user_id, content, attachments, mentions, parent_message_id, seq, client_id
      from numbered order by ord
      on conflict (channel_id, user_id, client_id) do nothing
      returning ${db.$client.unsafe(RETURNING)}
    )
    select n.ord, stored.* from stored
    join numbered n on n.channel_id = stored."channelId" and n.seq = stored.seq`;
  const byOrd = new Map(rows.map((raw) => [raw.ord, fromRaw(raw)]));
  return sends.map((_, ord) => byOrd.get(ord));
}

/** Two sends of one retry (same channel, author and clientId) in one batch are one send. */
const sendKey = ({ channelId, userId, data }: SendInput) =>
  data.clientId ? `${channelId}:${userId}:${data.clientId}` : undefined;

/**
 * Insert the sends of one turn together. Duplicated retries within the batch go in once;
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
  let stored: Array<MessageRow | undefined | Error>;
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
 * Sends gathered per tick, one batcher per store: the requests whose session look-ups came
 * back together (auth/sessions.ts gathers those per turn) send together, without waiting
 * for another turn of the event loop.
 */
const batchers = new WeakMap<Db, DataLoader<SendInput, MessageRow | undefined>>();

function insertMessage(db: Db, channelId: string, userId: string, data: SendRow) {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new DataLoader((sends) => storeSends(db, sends), {
      cache: false,
      maxBatchSize: 256,
    });
    batchers.set(db, batcher);
  }
  return batcher.load({ channelId, userId, data });
}

const parentNotFound = () =>
  badRequest('Le message auquel vous répondez est introuvable dans ce canal', {
    parentMessageId: ['Choisissez un message de premier niveau de ce canal'],
  });

/** A reply must answer a top-level message of the same channel (threads are one level). */
async function checkParent(db: Db, channelId: string, parentId: string): Promise<void> {
  const [parent] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.id, parentId),
        eq(messages.channelId, channelId),
        isNull(messages.parentMessageId),
      ),
    );
  if (!parent) throw parentNotFound();
}

async function resolveFor(db: Db, channelId: string, user: UserRow, data: MessageCreateData) {
  if (!needsMentionLookup(data.content, data.mentions)) return [];
  const members = await listMemberNames(db, channelId);
  if (!members.some((m) => m.id === user.id)) throw notFound(CHANNEL_NOT_FOUND);
  return resolveMentions(data.content, members, data.mentions);
}

/**
 * SPEC §5 send, idempotent by clientId (DESIGN §4): a retry returns the stored message with
 * `created: false`. Events go out only after the commit, and only for a new message.
 */
export async function sendMessage(
  deps: Deps,
  user: UserRow,
  channelId: string,
  data: MessageCreateData,
): Promise<{ message: Message; created: boolean }> {
  if (data.parentMessageId) {
    // Membership first, so that a stranger learns nothing from the parent check.
    await requireMember(deps.db, channelId, user.id);
    await checkParent(deps.db, channelId, data.parentMessageId);
  }
  const mentions = await resolveFor(deps.db, channelId, user, data);
  const row = await insertMessage(deps.db, channelId, user.id, { ...data, mentions }).catch(
    (err: unknown) => {
      // The parent was deleted between the check above and the insert.
      if (data.parentMessageId && isForeignKeyViolation(err)) throw parentNotFound();
      throw err;
    },
  );
  if (!row)
    return { message: await findRetried(deps.db, channelId, user.id, data), created: false };

  const message = presentMessage(row, user);
  await publish(deps, 'new_message', () =>
    deps.realtime.toChannel(channelId, { type: 'new_message', channelId, seq: row.seq, message }),
  );
  if (row.parentMessageId) await publishParent(deps, row.parentMessageId);
  return { message, created: true };
}

/** Nothing was inserted: either this clientId is stored already, or the caller is no member. */
async function findRetried(
  db: Db,
  channelId: string,
  userId: string,
  data: MessageCreateData,
): Promise<Message> {
  if (data.clientId) {
    const [stored] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.channelId, channelId),
          eq(messages.userId, userId),
          eq(messages.clientId, data.clientId),
        ),
      );
    const message = stored && (await findPresentedMessage(db, stored.id));
    if (message) return message;
  }
  await requireMember(db, channelId, userId);
  // Only left: the stored message was deleted between the insert and this read.
  throw conflict('Ce message a déjà été envoyé puis supprimé');
}

/** A thread changed: the parent's reply count and last reply time go out with it. */
export async function publishParent(deps: Deps, parentId: string): Promise<void> {
  const parent = await findPresentedMessage(deps.db, parentId);
  if (!parent) return;
  await publish(deps, 'message_updated', () =>
    deps.realtime.toChannel(parent.channelId, {
      type: 'message_updated',
      channelId: parent.channelId,
      message: parent,
    }),
  );
}
