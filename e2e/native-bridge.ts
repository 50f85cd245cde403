/**
 * A stand-in for the phone under the app's build (docs/mobile.md): the native runtime does not
 * run here, so this plays its side of Capacitor's bridge. Capacitor's core asks
 * `window.CapacitorCustomPlatform` which platform it is on and, for a plugin the bridge lists
 * in `Capacitor.PluginHeaders`, hands each call to `Capacitor.nativePromise` /
 * `nativeCallback`, which the Android runtime's own script would define. Everything above that
 * line is the app's real code: its start-up, its sign-in return, its downloads. The phone here
 * answers the calls the app makes, keeps the secure store in `localStorage`, records every
 * call, and lets a test hand the app what the system would (a link opening it).
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface NativeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

/** Runs in the page before its scripts (serialized by Playwright: nothing from outside). */
function phone() {
  const KEYSTORE = 'phone-keystore:';
  const plugins: Record<string, string[]> = {
    App: ['getLaunchUrl', 'exitApp'],
    Browser: ['open', 'close'],
    Keyboard: ['setResizeMode'],
    LocalNotifications: ['requestPermissions', 'checkPermissions', 'schedule', 'cancel'],
    SecureStorage: [
      'internalGetItem',
      'internalSetItem',
      'internalRemoveItem',
      'getPrefixedKeys',
      'clearItemsWithPrefix',
      'setSynchronizeKeychain',
    ],
    SplashScreen: ['show', 'hide'],
    StatusBar: ['setStyle', 'setBackgroundColor', 'setOverlaysWebView'],
  };
  type Options = Record<string, unknown>;
  const answers: Record<string, (options: Options) => unknown> = {
    'App.getLaunchUrl': () => ({}),
    'LocalNotifications.requestPermissions': () => ({ display: 'granted' }),
    'LocalNotifications.checkPermissions': () => ({ display: 'granted' }),
    'SecureStorage.internalGetItem': (o) => ({
      data: localStorage.getItem(KEYSTORE + String(o.prefixedKey)),
    }),
    'SecureStorage.internalSetItem': (o) => {
      localStorage.setItem(KEYSTORE + String(o.prefixedKey), String(o.data));
    },
    'SecureStorage.internalRemoveItem': (o) => {
      const key = KEYSTORE + String(o.prefixedKey);
      const had = localStorage.getItem(key) !== null;
      localStorage.removeItem(key);
      return { success: had };
    },
    'SecureStorage.getPrefixedKeys': () => ({
      keys: Object.keys(localStorage)
        .filter((key) => key.startsWith(KEYSTORE))
        .map((key) => key.slice(KEYSTORE.length)),
    }),
  };
  const calls: { plugin: string; method: string; options: Options }[] = [];
  const listeners = new Map<string, Map<string, (data: unknown) => void>>();
  let ids = 0;
  const w = window as unknown as Record<string, unknown>;
  w.CapacitorCustomPlatform = { name: 'android', plugins: {} };
  w.Capacitor = {
    PluginHeaders: Object.entries(plugins).map(([name, methods]) => ({
      name,
      methods: [
        ...methods.map((method) => ({ name: method, rtype: 'promise' })),
        { name: 'addListener', rtype: 'callback' },
        { name: 'removeListener', rtype: 'promise' },
        { name: 'removeAllListeners', rtype: 'promise' },
      ],
    })),
    nativePromise: async (plugin: string, method: string, options: Options = {}) => {
      calls.push({ plugin, method, options });
      if (method === 'removeListener') {
        listeners.get(`${plugin}.${String(options.eventName)}`)?.delete(String(options.callbackId));
      }
      return answers[`${plugin}.${method}`]?.(options);
    },
    nativeCallback: (
      plugin: string,
      method: string,
      options: Options,
      callback: (data: unknown) => void,
    ) => {
      calls.push({ plugin, method, options });
      const id = String(++ids);
      if (method === 'addListener') {
        const key = `${plugin}.${String(options.eventName)}`;
        if (!listeners.has(key)) listeners.set(key, new Map());
        listeners.get(key)?.set(id, callback);
      }
      return id;
    },
  };
  w.__phone = {
    calls,
    /** The system hands the app an event (a link opening it, the back button). */
    fire(plugin: string, eventName: string, data: unknown) {
      const registered = [...(listeners.get(`${plugin}.${eventName}`)?.values() ?? [])];
      for (const listener of registered) listener(data);
      return registered.length;
    },
  };
}

/** Every page of `context` runs the app as on an Android phone. */
export async function onAndroidPhone(context: BrowserContext): Promise<void> {
  await context.addInitScript(phone);
}

/** The calls the app has made to the phone since its page loaded. */
export function nativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(
    () => (window as unknown as { __phone: { calls: NativeCall[] } }).__phone.calls,
  );
}

/** The system hands the app `data` as `plugin`'s `eventName`; how many listeners it reached. */
export function fireNative(page: Page, plugin: string, eventName: string, data: unknown) {
  return page.evaluate(
    ([p, e, d]) =>
      (
        window as unknown as { __phone: { fire(p: string, e: string, d: unknown): number } }
      ).__phone.fire(p as string, e as string, d),
    [plugin, eventName, data] as const,
  );
}
