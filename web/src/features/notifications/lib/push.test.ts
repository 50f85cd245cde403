/**
 * This device's push subscription and signing out (docs/notifications.md, "Web Push"): the
 * browser's push objects are stood in for (no push service is reachable from a test), the
 * requests go through the real `apiRequest` to a stubbed `fetch`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPushSubscription, subscribePush } from './push';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

let sent: Sent[];
let answer: (request: Sent) => Response;
let steps: string[];

/** A browser's PushSubscription: its endpoint, and whether it was dropped. */
function browserSubscription(endpoint: string) {
  return {
    endpoint,
    unsubscribe: vi.fn(async () => {
      steps.push(`unsubscribe ${endpoint}`);
      return true;
    }),
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  };
}

/** A browser with push, whose current subscription is `current` (null: none yet). */
function browser(current: ReturnType<typeof browserSubscription> | null) {
  let subscription = current;
  let made = 0;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: vi.fn(async () => {
      subscription = browserSubscription(`https://fcm.googleapis.com/fcm/send/new-${++made}`);
      return subscription;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal('navigator', {
    serviceWorker: {
      register: async () => registration,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  vi.stubGlobal('window', { PushManager: class {}, Notification: class {}, localStorage });
  vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
  return pushManager;
}

const localStorage = { getItem: () => null, setItem: () => undefined };

beforeEach(() => {
  sent = [];
  steps = [];
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://ruche.test').pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(request);
      steps.push(`${request.method} ${request.path}`);
      return answer(request);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing out', () => {
  it('removes this device’s subscription on the server, then in the browser', async () => {
    const phone = browserSubscription('https://fcm.googleapis.com/fcm/send/bob-phone');
    browser(phone);
    await forgetPushSubscription();
    expect(sent).toEqual([
      {
        method: 'DELETE',
        path: '/api/notifications/push-subscriptions',
        body: { endpoint: phone.endpoint },
      },
    ]);
    expect(steps).toEqual([
      'DELETE /api/notifications/push-subscriptions',
      `unsubscribe ${phone.endpoint}`,
    ]);
  });

  it('drops the browser’s subscription even when the server cannot be reached, and never throws', async () => {
    const phone = browserSubscription('https://fcm.googleapis.com/fcm/send/bob-phone');
    browser(phone);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(forgetPushSubscription()).resolves.toBeUndefined();
    expect(phone.unsubscribe).toHaveBeenCalledOnce();
  });

  it('does nothing on a device without a subscription', async () => {
    browser(null);
    await forgetPushSubscription();
    expect(sent).toEqual([]);
  });
});

describe('subscribing', () => {
  it('makes a subscription of its own when the browser’s belongs to another account (409)', async () => {
    const left = browserSubscription('https://fcm.googleapis.com/fcm/send/alice-left-it');
    const pushManager = browser(left);
    answer = (request) =>
      request.method === 'POST' && (request.body as { endpoint: string }).endpoint === left.endpoint
        ? Response.json({ message: 'déjà pris' }, { status: 409 })
        : new Response(null, { status: request.method === 'GET' ? 200 : 204 });
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(async () => Response.json({ publicKey: 'BPk' }));
    expect(await subscribePush(false)).toBe(true);
    expect(left.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
    const posted = sent
      .filter((r) => r.method === 'POST')
      .map((r) => (r.body as { endpoint: string }).endpoint);
    expect(posted).toEqual([left.endpoint, 'https://fcm.googleapis.com/fcm/send/new-1']);
  });

  it('gives up on any other refusal', async () => {
    browser(browserSubscription('https://fcm.googleapis.com/fcm/send/mine'));
    answer = () => Response.json({ message: 'Service push refusé' }, { status: 400 });
    vi.mocked(fetch).mockImplementationOnce(async () => Response.json({ publicKey: 'BPk' }));
    await expect(subscribePush(false)).rejects.toThrow('400');
  });
});
