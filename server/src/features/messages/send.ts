import { and, eq, isNull } from 'drizzle-orm';
import type { Message, MessageCreateData } from '#shared/messages';
import { findSessionUser } from '../../auth/sessions';
import { presentUser } from '../../auth/user-presenter';
import type { Db } from '../../db/client';
import {
  badRequest,
  conflict,
  isForeignKeyViolation,
  notFound,
  unauthorized,
} from '../../lib/errors';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { requireWritableChannel } from '../channels/administration';
import { getMemberRole } from '../channels/membership';
import { findMentionedMembers } from '../channels/queries';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import { DEFAULT_MENTION_RULES, type MentionRules, widerMentions } from './broadcast-mentions';
import { mentionCandidates, needsMentionLookup } from './mentions';
import { presentMessage } from './presenter';
import { findPresentedMessage } from './queries';
import { messages } from './schema';
import { insertMessage } from './send-statements';
import { checkUrgent } from './urgent';

/** Who sends: a socket also names its session, which the statement checks (see below). */
export interface Sender {
  id: string;
  sessionId?: string | undefined;
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

async function resolveFor(
  deps: Deps,
  channelId: string,
  userId: string,
  data: MessageCreateData,
  rules: MentionRules,
) {
  if (!needsMentionLookup(data.content, data.mentions)) return [];
  // A stranger learns nothing from who would have been mentioned.
  const role = await getMemberRole(deps.db, channelId, userId);
  if (role === null) throw notFound(CHANNEL_NOT_FOUND);
  const candidates = mentionCandidates(data.content);
  // People named one by one, then groups and @channel, @here, @everyone (broadcast-mentions.ts).
  const [named, wider] = await Promise.all([
    findMentionedMembers(deps.db, channelId, candidates, data.mentions),
    widerMentions(
      deps.db,
      deps.realtime,
      channelId,
      { id: userId, role },
      data.content,
      candidates,
      rules,
    ),
  ]);
  return wider.length === 0 ? named : [...new Set([...named, ...wider])];
}

/**
 * docs/product.md §5 send, idempotent by clientId (docs/product.md §10.10): a retry returns the stored message with
 * `created: false`. Events go out only after the commit, and only for a new message.
 */
export async function sendMessage(
  deps: Deps,
  sender: Sender,
  channelId: string,
  data: MessageCreateData,
  rules: MentionRules = DEFAULT_MENTION_RULES,
): Promise<{ message: Message; created: boolean }> {
  const userId = sender.id;
  if (data.parentMessageId) {
    // Membership first, so that a stranger learns nothing from the parent check.
    await requireMember(deps.db, channelId, userId);
    await checkParent(deps.db, channelId, data.parentMessageId);
  }
  if (data.urgent) await checkUrgent(deps, userId, channelId);
  const mentions = await resolveFor(deps, channelId, userId, data, rules);
  const send = { channelId, userId, sessionId: sender.sessionId, data: { ...data, mentions } };
  const stored = await insertMessage(deps.db, send).catch((err: unknown) => {
    // The parent was deleted between the check above and the insert.
    if (data.parentMessageId && isForeignKeyViolation(err)) throw parentNotFound();
    throw err;
  });
  if (!stored) {
    // The session ended since the socket opened: nothing more for it, not even a retry's answer.
    if (sender.sessionId && !(await findSessionUser(deps.db, sender.sessionId))) {
      throw unauthorized();
    }
    return { message: await findRetried(deps.db, channelId, userId, data), created: false };
  }

  const { row, author, channel } = stored;
  const message = presentMessage(row, presentUser(author));
  // Synchronous in-process dispatch: subscribers do their own work off this path.
  deps.events.publish('messageCreated', { channelId, seq: row.seq, message, channel });
  await publish(deps, 'new_message', () =>
    deps.realtime.toTopic(channelTopic(channelId), {
      type: 'new_message',
      channelId,
      seq: row.seq,
      message,
    }),
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
  // The statement stores nothing in an archived channel (channels' memberProbe).
  await requireWritableChannel(db, channelId);
  // Only left: the stored message was deleted between the insert and this read.
  throw conflict('Ce message a déjà été envoyé puis supprimé');
}

/** A thread changed: the parent's reply count and last reply time go out with it. */
export async function publishParent(deps: Deps, parentId: string): Promise<void> {
  const parent = await findPresentedMessage(deps.db, parentId);
  if (!parent) return;
  await publish(deps, 'message_updated', () =>
    deps.realtime.toTopic(channelTopic(parent.channelId), {
      type: 'message_updated',
      channelId: parent.channelId,
      message: parent,
    }),
  );
}
