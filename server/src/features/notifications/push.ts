import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import webpush from 'web-push';
import {
  type Notification,
  PUSH_ENDPOINT_TAKEN,
  PUSH_SUBSCRIPTIONS_MAX,
  type PushSubscriptionInput,
} from '#shared/notifications';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { Deps } from '../deps';
import type { NotificationSink } from './deliver';
import {
  checkEndpoint,
  type PushEndpointPolicy,
  PushEndpointRefused,
  pushAgent,
  refuseEndpoint,
} from './push-endpoint';
import { pushSubscriptions } from './schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else made once
 * and kept in DATA_DIR/vapid.json (several nodes must then share DATA_DIR, or be given the
 * keys: a subscription is bound to the public key it was made with).
 */
export async function loadVapidKeys(config: Pick<Config, 'dataDir' | 'vapid'>): Promise<VapidKeys> {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const file = path.join(config.dataDir, 'vapid.json');
  try {
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as VapidKeys), subject };
  } catch {
    await mkdir(config.dataDir, { recursive: true });
    const made = webpush.generateVAPIDKeys();
    try {
      // 'wx': a node starting at the same moment keeps the pair written first.
      writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
      return { ...made, subject };
    } catch {
      return { ...(JSON.parse(readFileSync(file, 'utf8')) as VapidKeys), subject };
    }
  }
}

/** Who subscribes: the account, and the session whose end removes the subscription. */
export interface PushOwner {
  userId: string;
  sessionSid: string | null;
}

/**
 * Subscribe a device (docs/notifications.md, "Web Push"): its endpoint must be a push
 * service's, outside the server's network (push-endpoint.ts); an endpoint another account
 * holds answers 409 — it is never moved to the caller (docs/security.md, issue 42 item 2).
 */
export async function subscribeDevice(
  db: Db,
  policy: PushEndpointPolicy,
  owner: PushOwner,
  input: PushSubscriptionInput,
): Promise<void> {
  const refused = await checkEndpoint(input.endpoint, policy);
  if (refused) throw badRequest(refused.message);
  if (!(await saveSubscription(db, owner, input))) throw conflict(PUSH_ENDPOINT_TAKEN);
}

/**
 * One subscription per device, the endpoint names it: subscribing again updates the caller's
 * own (keys, previews, session); false when another account holds it. The account's oldest
 * subscriptions past PUSH_SUBSCRIPTIONS_MAX go.
 */
export async function saveSubscription(
  db: Db,
  owner: PushOwner,
  input: PushSubscriptionInput,
): Promise<boolean> {
  const fields = {
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    previews: input.previews,
    sessionSid: owner.sessionSid,
  };
  // One statement: two accounts posting the same endpoint at once cannot both take it.
  const saved = await db
    .insert(pushSubscriptions)
    .values({ userId: owner.userId, endpoint: input.endpoint, ...fields })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: fields,
      setWhere: eq(pushSubscriptions.userId, owner.userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (saved.length === 0) return false;
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, owner.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_SUBSCRIPTIONS_MAX);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, owner.userId), notInArray(pushSubscriptions.id, kept)));
  return true;
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** What the service worker receives: the text only when the device allowed previews. */
export function pushPayload(n: Notification, previews: boolean) {
  return {
    id: n.id,
    title: n.title,
    body: previews ? n.content : null,
    channelId: n.channelId,
    url: pushTarget(n),
  };
}

/** Same rule as the web list (web/src/features/notifications/lib/links.ts). */
function pushTarget(n: Notification): string {
  if (n.type === 'scheduled_failed' || (n.type === 'reminder' && !n.channelId)) return '/rappels';
  if (!n.channelId) return '/';
  const channel = `/channel/${n.channelId}`;
  if (!n.messageId || n.type === 'channel_message') return channel;
  return `${channel}?message=${n.messageId}`;
}

const GONE = new Set([404, 410]);

/** Where pushes may go, and the one agent they go through (push-endpoint.ts), made on first use. */
export interface PushRoute {
  policy: PushEndpointPolicy;
  agent(): https.Agent;
  close(): void;
}

export function pushRoute(policy: PushEndpointPolicy): PushRoute {
  let agent: https.Agent | undefined;
  return {
    policy,
    // The process's trusted authorities go with it (the tests' push service adds its own).
    agent: () => {
      agent ??= pushAgent(policy, { ca: https.globalAgent.options.ca });
      return agent;
    },
    close: () => agent?.destroy(),
  };
}

/**
 * A sink for new notifications: each goes to every push subscription of its owner, off the
 * request path — unless the owner has a tab of the app in view on any device (they see the
 * bell there; Slack and Discord do not push to someone who is looking). A subscription the push service answers 404 or 410 for is deleted; other
 * failures are logged and the subscription kept.
 *
 * A person's pushes leave in the order their notifications came, one after the other: a
 * channel's unread item is one notification on the phone, each push replacing the one before
 * (its tag, web/sw/push.ts; docs/notifications.md, "Web Push"), and a push overtaken by the one
 * after it would leave an older message shown as the latest. Different people's go side by side.
 */
export function pushSink(
  deps: Pick<Deps, 'db' | 'log'>,
  keys: () => Promise<VapidKeys>,
  route: PushRoute,
  /** Whether the user has a tab of the app in view somewhere: then nothing is pushed. */
  inView: (userId: string) => boolean = () => false,
): NotificationSink {
  /** Per user, the end of their pushes already on their way. */
  const lanes = new Map<string, Promise<void>>();
  return (all) => {
    const items = all.filter((item) => !inView(item.userId));
    if (items.length === 0) return;
    const users = [...new Set(items.map((item) => item.userId))];
    // Their subscriptions are read once for the batch, while each person's place in line is
    // taken now, in the order the batches came.
    const subscriptions = readSubscriptions(deps, users);
    for (const userId of users) {
      const before = lanes.get(userId) ?? Promise.resolve();
      const mine = before
        .then(async () => {
          const theirs = (await subscriptions).filter((s) => s.userId === userId);
          if (theirs.length === 0) return;
          for (const { notification } of items.filter((item) => item.userId === userId)) {
            await Promise.all(theirs.map((s) => sendOne(deps, keys, route, s, notification)));
          }
        })
        .catch((err: unknown) => deps.log.warn({ err }, 'web push failed'));
      lanes.set(userId, mine);
      void mine.then(() => {
        if (lanes.get(userId) === mine) lanes.delete(userId);
      });
    }
  };
}

type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

function readSubscriptions(
  deps: Pick<Deps, 'db'>,
  users: string[],
): Promise<PushSubscriptionRow[]> {
  const read = deps.db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, users));
  const rows = Promise.resolve(read);
  // Each lane awaits it and reports a failure; until the first does, it is not unhandled.
  rows.catch(() => undefined);
  return rows;
}

async function sendOne(
  deps: Pick<Deps, 'db' | 'log'>,
  keys: () => Promise<VapidKeys>,
  route: PushRoute,
  s: PushSubscriptionRow,
  notification: Notification,
): Promise<void> {
  // Checked again at each send: a row stored before the rule, or a setting changed since.
  // The endpoint itself is never logged: it is the device's address for anyone.
  const refused = refuseEndpoint(s.endpoint, route.policy);
  if (refused) return refusedLog(deps, refused);
  const vapid = await keys();
  try {
    await webpush.sendNotification(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify(pushPayload(notification, s.previews)),
      {
        vapidDetails: {
          subject: vapid.subject,
          publicKey: vapid.publicKey,
          privateKey: vapid.privateKey,
        },
        contentEncoding: 'aes128gcm',
        TTL: 24 * 3600,
        timeout: 10_000,
        agent: route.agent(),
      },
    );
  } catch (err) {
    if (err instanceof PushEndpointRefused) return refusedLog(deps, err);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && GONE.has(status)) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
    } else {
      const host = new URL(s.endpoint).host;
      deps.log.warn({ host, status, reason: (err as Error).message }, 'web push refused');
    }
  }
}

/** Kept, not deleted: an administrator may allow the host again (PUSH_ALLOWED_HOSTS). */
function refusedLog(deps: Pick<Deps, 'log'>, refused: PushEndpointRefused): void {
  deps.log.warn({ host: refused.host, reason: refused.message }, 'web push endpoint refused');
}
