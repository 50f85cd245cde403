// The capacity scenario's workspace, written straight into the store: the API would take
// hours for 200,000 messages. Rows are the ones the server itself writes (channels with
// their last_seq, channel_members with last_read_seq/last_read_at, messages with their
// per-channel seq, direct channels with their sorted direct_key), in a few statements of
// `unnest` arrays. Membership is drawn from a seeded generator: the same sizes give the same
// workspace.
import { randomUUID } from 'node:crypto';
import { nowMs } from './clock.mjs';

/** issue 15: the workspace of a ~5,000-user node. */
export const FULL_WORKSPACE = {
  bigChannels: 10,
  bigMembers: 1000,
  channels: 1700,
  channelMin: 10,
  channelMax: 50,
  dms: 15_000,
  history: 200_000,
};
/** Below this many users the workspace is scaled down in proportion (smoke runs). */
export const FULL_WORKSPACE_USERS = 5000;

/** Where the history goes: a share for the big channels, the rest, the DMs. */
const HISTORY_SHARE = { big: 0.4, channel: 0.45, dm: 0.15 };

/** The sizes for `users` workspace members (scale: 1 = the issue's workspace). */
export function workspaceSizes(users, scale = Math.min(1, users / FULL_WORKSPACE_USERS)) {
  const w = FULL_WORKSPACE;
  const n = (x) => Math.max(1, Math.round(x * scale));
  return {
    users,
    scale,
    bigChannels: w.bigChannels,
    bigMembers: Math.min(users, n(w.bigMembers)),
    channels: n(w.channels),
    channelMin: Math.min(users, w.channelMin),
    channelMax: Math.min(users, w.channelMax),
    dms: Math.min(n(w.dms), Math.floor((users * (users - 1)) / 2)),
    history: n(w.history),
  };
}

/** mulberry32: a small seeded generator, so that a workspace can be drawn again. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `k` distinct indexes of [0, n), in random order (partial Fisher–Yates on a scratch array). */
function sample(random, scratch, n, k) {
  const out = new Array(k);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    const t = scratch[i];
    scratch[i] = scratch[j];
    scratch[j] = t;
    out[i] = scratch[i];
  }
  return out;
}

/**
 * Draw the workspace over users 0..sizes.users-1: which channels, who is in each.
 * Returns { channels: [{ kind, members: [userIndex], history }], userChannels: [[channelIndex]] }.
 */
export function drawWorkspace(sizes, seed = 15) {
  const random = rng(seed);
  const n = sizes.users;
  const scratch = Array.from({ length: n }, (_, i) => i);
  const channels = [];
  for (let i = 0; i < sizes.bigChannels; i++) {
    channels.push({ kind: 'big', members: sample(random, scratch, n, sizes.bigMembers) });
  }
  for (let i = 0; i < sizes.channels; i++) {
    const size =
      sizes.channelMin + Math.floor(random() * (sizes.channelMax - sizes.channelMin + 1));
    channels.push({ kind: 'channel', members: sample(random, scratch, n, size) });
  }
  const pairs = new Set();
  for (let tries = 0; pairs.size < sizes.dms && tries < sizes.dms * 20; tries++) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    if (a === b) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    channels.push({ kind: 'dm', members: [a, b] });
  }
  // History: each kind's share split evenly over its channels (remainders to the first).
  const byKind = { big: [], channel: [], dm: [] };
  for (const c of channels) byKind[c.kind].push(c);
  for (const [kind, list] of Object.entries(byKind)) {
    if (list.length === 0) continue;
    const total = Math.round(sizes.history * HISTORY_SHARE[kind]);
    const each = Math.floor(total / list.length);
    let rest = total - each * list.length;
    for (const c of list) {
      c.history = each + (rest > 0 ? 1 : 0);
      if (rest > 0) rest--;
    }
  }
  const userChannels = Array.from({ length: n }, () => []);
  for (const [ci, c] of channels.entries()) for (const u of c.members) userChannels[u].push(ci);
  return { channels, userChannels };
}

async function inBatches(rows, size, fn) {
  for (let start = 0; start < rows; start += size) await fn(start, Math.min(rows, start + size));
}

/**
 * Write the drawn workspace for `users` (rows of Population: { id }) into the store.
 * Returns the channel ids (index → uuid) and timings.
 */
export async function seedWorkspace(sql, users, workspace, { log = () => {} } = {}) {
  const t0 = nowMs();
  const { channels } = workspace;
  const ids = channels.map(() => randomUUID());
  const tag = randomUUID().slice(0, 8);
  // Channels: public channels named like people would, direct channels keyed by their pair.
  await inBatches(channels.length, 5000, async (from, to) => {
    const rows = channels.slice(from, to);
    const uid = (c) => users[c.members[0]].id;
    await sql`
      insert into channels (id, name, type, created_by_id, direct_key, last_seq)
      select i, n, t, c, nullif(k, ''), s from unnest(
        ${ids.slice(from, to)}::uuid[],
        ${rows.map((c, k) => (c.kind === 'dm' ? `dm ${from + k}` : `${c.kind}-${tag}-${from + k}`))}::text[],
        ${rows.map((c) => (c.kind === 'dm' ? 'direct' : 'channel'))}::text[],
        ${rows.map(uid)}::uuid[],
        ${rows.map((c) =>
          c.kind === 'dm'
            ? c.members
                .map((m) => users[m].id)
                .sort()
                .join(':')
            : '',
        )}::text[],
        ${rows.map((c) => c.history)}::bigint[]) as x(i, n, t, c, k, s)`;
  });
  const t1 = nowMs();
  // Memberships: the first member owns the channel; everyone has read all but the last few.
  const mChannel = [];
  const mUser = [];
  const mRole = [];
  const mRead = [];
  for (const [ci, c] of channels.entries()) {
    for (const [k, u] of c.members.entries()) {
      mChannel.push(ids[ci]);
      mUser.push(users[u].id);
      mRole.push(k === 0 && c.kind !== 'dm' ? 'owner' : 'member');
      mRead.push(Math.max(0, c.history - ((ci + u) % 4)));
    }
  }
  await inBatches(mChannel.length, 20_000, async (from, to) => {
    await sql`
      insert into channel_members (channel_id, user_id, role, last_read_seq, last_read_at)
      select c, u, r, s, now() from unnest(
        ${mChannel.slice(from, to)}::uuid[],
        ${mUser.slice(from, to)}::uuid[],
        ${mRole.slice(from, to)}::text[],
        ${mRead.slice(from, to)}::bigint[]) as t(c, u, r, s)`;
  });
  const t2 = nowMs();
  // History: seq 1..history per channel, authors taken in turn from the members, one
  // message a minute up to now.
  const total = channels.reduce((s, c) => s + c.history, 0);
  let ci = 0;
  let seq = 0;
  await inBatches(total, 20_000, async (from, to) => {
    const ch = [];
    const au = [];
    const sq = [];
    for (let i = from; i < to; i++) {
      while (seq >= channels[ci].history) {
        ci++;
        seq = 0;
      }
      const c = channels[ci];
      seq++;
      ch.push(ids[ci]);
      au.push(users[c.members[(seq * 7) % c.members.length]].id);
      sq.push(seq);
    }
    await sql`
      insert into messages (channel_id, user_id, content, seq, created_at, updated_at)
      select c, u, 'historique ' || s || ' : bonjour à tous', s,
             now() - make_interval(mins => (t.last_seq - s)::int),
             now() - make_interval(mins => (t.last_seq - s)::int)
      from unnest(${ch}::uuid[], ${au}::uuid[], ${sq}::bigint[]) as m(c, u, s)
      join channels t on t.id = m.c`;
  });
  const t3 = nowMs();
  await sql`analyze channels`;
  await sql`analyze channel_members`;
  await sql`analyze messages`;
  const timings = {
    channelsMs: Math.round(t1 - t0),
    membersMs: Math.round(t2 - t1),
    historyMs: Math.round(t3 - t2),
    totalMs: Math.round(nowMs() - t0),
    channels: channels.length,
    memberships: mChannel.length,
    messages: total,
  };
  log(
    `workspace: ${channels.length} channels, ${mChannel.length} memberships, ${total} messages in ${(timings.totalMs / 1000).toFixed(1)} s`,
  );
  return { ids, timings };
}
