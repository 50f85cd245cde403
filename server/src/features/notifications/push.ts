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
 */
export function pushSink(
  deps: Pick<Deps, 'db' | 'log'>,
  keys: () => Promise<VapidKeys>,
  route: PushRoute,
  /** Whether the user has a tab of the app in view somewhere: then nothing is pushed. */
  inView: (userId: string) => boolean = () => false,
): NotificationSink {
  return (all) => {
    const items = all.filter((item) => !inView(item.userId));
    void sendAll(deps, keys, route, items).catch((err: unknown) =>
      deps.log.warn({ err }, 'web push failed'),
    );
  };
}

async function sendAll(
  deps: Pick<Deps, 'db' | 'log'>,
  keys: () => Promise<VapidKeys>,
  route: PushRoute,
  items: Array<{ userId: string; notification: Notification }>,
): Promise<void> {
  if (items.length === 0) return;
  const subscriptions = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(items.map((i) => i.userId))]));
  if (subscriptions.length === 0) return;
  const vapid = await keys();
  const vapidDetails = {
    subject: vapid.subject,
    publicKey: vapid.publicKey,
    privateKey: vapid.privateKey,
  };
  const sends = items.flatMap(({ userId, notification }) =>
    subscriptions
      .filter((s) => s.userId === userId)
      .map(async (s) => {
        // Checked again at each send: a row stored before the rule, or a setting changed since.
        // The endpoint itself is never logged: it is the device's address for anyone.
        const refused = refuseEndpoint(s.endpoint, route.policy);
        if (refused) return refusedLog(deps, refused);
        try {
          await webpush.sendNotification(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(pushPayload(notification, s.previews)),
            {
              vapidDetails,
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
      }),
  );
  await Promise.all(sends);
}

/** Kept, not deleted: an administrator may allow the host again (PUSH_ALLOWED_HOSTS). */
function refusedLog(deps: Pick<Deps, 'log'>, refused: PushEndpointRefused): void {
  deps.log.warn({ host: refused.host, reason: refused.message }, 'web push endpoint refused');
}
