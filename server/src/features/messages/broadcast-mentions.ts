import { sql } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import type { BroadcastMention } from '#shared/user-groups';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import type { Realtime } from '../../realtime/realtime';
import { memberIdsSql } from '../channels/membership';
import { findChannelForUser } from '../channels/queries';
import { groupMemberIdsByHandles } from '../user-groups/service';

/**
 * The instance's rules for channel-wide mentions (docs/product.md, "@channel, @here,
 * @everyone"): who may use them (CHANNEL_WIDE_MENTIONS) and which channel @everyone works in.
 */
export interface MentionRules {
  channelWide: 'everyone' | 'admins';
  /** DEFAULT_CHANNEL: @everyone notifies only there. */
  defaultChannel: string | null;
}

export const DEFAULT_MENTION_RULES: MentionRules = {
  channelWide: 'everyone',
  defaultChannel: null,
};

// "@channel" not inside a word nor followed by one ("@channels", "@here-bas" are not it).
const BROADCAST_RE = /(?<![\p{L}\p{N}_])@(channel|here|everyone)(?![\p{L}\p{N}_-])/giu;

/** The channel-wide mentions a message's text holds. */
export function broadcastsIn(content: string): Set<BroadcastMention> {
  const found = new Set<BroadcastMention>();
  if (!content.includes('@')) return found;
  for (const match of content.matchAll(BROADCAST_RE)) {
    found.add(match[1]!.toLowerCase() as BroadcastMention);
  }
  return found;
}

/**
 * Who a message mentions beyond people named one by one, among the channel's members:
 * the members of the user groups it names (`@equipe-produit`), and with @channel everyone,
 * with @here those online now (presence on every node), with @everyone everyone but only in
 * the default channel. A channel-wide mention by someone the instance does not allow
 * (CHANNEL_WIDE_MENTIONS=admins and not an owner or administrator of the channel) is sent as
 * text, without notifying anyone (Slack does the same; the composer warns before).
 */
export async function widerMentions(
  db: Db,
  realtime: Realtime,
  channelId: string,
  sender: { id: string; role: MemberRole },
  content: string,
  candidates: readonly string[],
  rules: MentionRules,
): Promise<string[]> {
  const reached = new Set<string>();
  const grouped = await groupMemberIdsByHandles(db, candidates);
  const broadcasts = broadcastsIn(content);
  const allowed = rules.channelWide === 'everyone' || sender.role !== 'member';
  if (broadcasts.has('everyone') && !(await inDefaultChannel(db, sender.id, channelId, rules))) {
    broadcasts.delete('everyone');
  }
  if (grouped.length === 0 && (!allowed || broadcasts.size === 0)) return [];
  // Only the channel's members are mentioned: a group's other members cannot read it.
  const everyone = allowed && broadcasts.size > 0;
  const rows = await db.execute<{ user_id: string }>(sql`select m.user_id
    from (${memberIdsSql(channelId)}) m
    ${everyone ? sql`` : sql`where m.user_id = any(${uuids(grouped)})`}`);
  const members = [...rows].map((row) => String(row.user_id));
  const inGroups = new Set(grouped);
  for (const id of members) if (inGroups.has(id)) reached.add(id);
  if (allowed && (broadcasts.has('channel') || broadcasts.has('everyone'))) {
    for (const id of members) reached.add(id);
  } else if (allowed && broadcasts.has('here')) {
    const presence = await realtime.presenceOf(members);
    for (const id of members) if (presence.get(id) === 'online') reached.add(id);
  }
  // Nobody is notified of their own message.
  reached.delete(sender.id);
  return [...reached];
}

/** Whether the channel is the instance's default one (DEFAULT_CHANNEL, a public channel). */
async function inDefaultChannel(
  db: Db,
  userId: string,
  channelId: string,
  rules: MentionRules,
): Promise<boolean> {
  if (!rules.defaultChannel) return false;
  const channel = await findChannelForUser(db, userId, channelId);
  return channel?.type === 'channel' && channel.name === rules.defaultChannel;
}
