import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Notification, PushSubscriptionInput } from '#shared/notifications';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../deps';
import type { NotificationSink } from './deliver';
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

/** One subscription per device: the endpoint names it; subscribing again moves it to the caller. */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
): Promise<void> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    previews: input.previews,
  };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
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
  if (!n.channelId) return '/';
  const channel = `/channel/${n.channelId}`;
  if (!n.messageId || n.type === 'channel_message') return channel;
  return `${channel}?message=${n.messageId}`;
}

const GONE = new Set([404, 410]);

/**
 * A sink for new notifications: each goes to every push subscription of its owner, off the
 * request path — unless the owner has a tab of the app in view on any device (they see the
 * bell there; Slack and Discord do not push to someone who is looking). A subscription the push service answers 404 or 410 for is deleted; other
 * failures are logged and the subscription kept.
 */
export function pushSink(
  deps: Pick<Deps, 'db' | 'log'>,
  keys: () => Promise<VapidKeys>,
  /** Whether the user has a tab of the app in view somewhere: then nothing is pushed. */
  inView: (userId: string) => boolean = () => false,
): NotificationSink {
  return (all) => {
    const items = all.filter((item) => !inView(item.userId));
    void sendAll(deps, keys, items).catch((err: unknown) =>
      deps.log.warn({ err }, 'web push failed'),
    );
  };
}

async function sendAll(
  deps: Pick<Deps, 'db' | 'log'>,
  keys: () => Promise<VapidKeys>,
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
        try {
          await webpush.sendNotification(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(pushPayload(notification, s.previews)),
            { vapidDetails, contentEncoding: 'aes128gcm', TTL: 24 * 3600, timeout: 10_000 },
          );
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status && GONE.has(status)) {
            await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
          } else {
            deps.log.warn({ err, status }, 'web push refused');
          }
        }
      }),
  );
  await Promise.all(sends);
}
