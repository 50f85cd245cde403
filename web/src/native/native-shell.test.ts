import type { PluginListenerHandle } from '@capacitor/core';
import { describe, expect, it } from 'vitest';
import {
  backAction,
  type NativeBridge,
  type PageControls,
  SPLASH_SAFETY_MS,
  STATUS_BAR_COLOR,
  startNativeShell,
} from './native-shell';

/**
 * A stand-in for Capacitor's bridge: each plugin records the calls it gets, and listeners
 * are kept so that the test plays the native events (the back button, the keyboard).
 */
function standIn(platform: 'ios' | 'android', launchUrl?: string) {
  const calls: string[] = [];
  const listeners = new Map<string, (event: never) => void>();
  const removed: string[] = [];
  const addListener = (plugin: string) => async (name: string, fn: (event: never) => void) => {
    listeners.set(name, fn);
    calls.push(`${plugin}.addListener(${name})`);
    return { remove: async () => void removed.push(name) } satisfies PluginListenerHandle;
  };
  const bridge = {
    platform,
    statusBar: {
      setStyle: async (options: unknown) => void calls.push(`setStyle ${JSON.stringify(options)}`),
      setBackgroundColor: async (options: unknown) =>
        void calls.push(`setBackgroundColor ${JSON.stringify(options)}`),
      setOverlaysWebView: async (options: unknown) =>
        void calls.push(`setOverlaysWebView ${JSON.stringify(options)}`),
    },
    splashScreen: { hide: async () => void calls.push('splash.hide') },
    app: {
      addListener: addListener('App'),
      exitApp: async () => void calls.push('exitApp'),
      getLaunchUrl: async () => (launchUrl ? { url: launchUrl } : undefined),
    },
    keyboard: { addListener: addListener('Keyboard') },
  } as unknown as NativeBridge;
  const fire = (name: string, event?: unknown) => listeners.get(name)?.(event as never);
  return { bridge, calls, fire, removed };
}

/** Timers driven by hand. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; at: number }>();
  let now = 0;
  let next = 1;
  return {
    setTimeout: ((fn: () => void, ms: number) => {
      pending.set(next, { fn, at: now + ms });
      return next++;
    }) as unknown as typeof setTimeout,
    clearTimeout: ((id: number) => void pending.delete(id)) as typeof clearTimeout,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.fn();
        }
      }
    },
  };
}

function page(overrides: Partial<PageControls> = {}) {
  const log: string[] = [];
  let renderFirstScreen = () => {};
  const controls: PageControls = {
    firstScreen: new Promise((resolve) => {
      renderFirstScreen = resolve;
    }),
    overlayOpen: () => false,
    closeOverlay: () => void log.push('closeOverlay'),
    path: () => '/',
    back: () => void log.push('back'),
    goHome: () => void log.push('home'),
    keyboardShown: (shown, height) => void log.push(`keyboard ${shown} ${height}`),
    serverOrigin: 'https://ruche.example.fr',
    open: (path) => void log.push(`open ${path}`),
    signedIn: (url) => void log.push(`signedIn ${url}`),
    ...overrides,
  };
  return { controls, log, renderFirstScreen: () => renderFirstScreen() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the back-button rule', () => {
  it('closes an open sheet or dialog first, wherever the page is', () => {
    for (const path of ['/', '/channel/abc', '/settings']) {
      expect(backAction({ overlayOpen: true, path, canGoBack: true })).toBe('close-overlay');
      expect(backAction({ overlayOpen: true, path, canGoBack: false })).toBe('close-overlay');
    }
  });

  it('goes back, or to the root screen when nothing is behind (a link opened the app)', () => {
    expect(backAction({ overlayOpen: false, path: '/channel/abc', canGoBack: true })).toBe('back');
    expect(backAction({ overlayOpen: false, path: '/channel/abc', canGoBack: false })).toBe('home');
  });

  it('leaves the app from the root screen', () => {
    expect(backAction({ overlayOpen: false, path: '/', canGoBack: true })).toBe('exit');
    expect(backAction({ overlayOpen: false, path: '/', canGoBack: false })).toBe('exit');
  });
});

describe('start-up against the bridge', () => {
  it('sets the status bar light on black, below the bar on Android', async () => {
    const android = standIn('android');
    await startNativeShell(android.bridge, page().controls, manualTimers());
    expect(android.calls.slice(0, 3)).toEqual([
      'setStyle {"style":"DARK"}',
      `setBackgroundColor {"color":"${STATUS_BAR_COLOR}"}`,
      'setOverlaysWebView {"overlay":false}',
    ]);
    // iOS has no background colour to set: the page draws under the bar, padded by the safe area.
    const ios = standIn('ios');
    await startNativeShell(ios.bridge, page().controls, manualTimers());
    expect(ios.calls.filter((c) => c.startsWith('set'))).toEqual(['setStyle {"style":"DARK"}']);
  });

  it('hides the splash once the first screen has rendered, not before, and once', async () => {
    const { bridge, calls } = standIn('android');
    const timers = manualTimers();
    const { controls, renderFirstScreen } = page();
    await startNativeShell(bridge, controls, timers);
    timers.advance(SPLASH_SAFETY_MS - 1);
    await flush();
    expect(calls).not.toContain('splash.hide');
    renderFirstScreen();
    await flush();
    expect(calls.filter((c) => c === 'splash.hide')).toHaveLength(1);
    timers.advance(SPLASH_SAFETY_MS);
    await flush();
    expect(calls.filter((c) => c === 'splash.hide')).toHaveLength(1);
  });

  it('still hides the splash should the first screen never come', async () => {
    const { bridge, calls } = standIn('ios');
    const timers = manualTimers();
    await startNativeShell(bridge, page().controls, timers);
    timers.advance(SPLASH_SAFETY_MS);
    expect(calls.filter((c) => c === 'splash.hide')).toHaveLength(1);
  });

  it('plays the back button through the rule', async () => {
    const { bridge, calls, fire } = standIn('android');
    let overlay = true;
    let path = '/channel/abc';
    const { controls, log } = page({ overlayOpen: () => overlay, path: () => path });
    await startNativeShell(bridge, controls, manualTimers());
    fire('backButton', { canGoBack: true });
    overlay = false;
    fire('backButton', { canGoBack: true });
    fire('backButton', { canGoBack: false });
    path = '/';
    fire('backButton', { canGoBack: true });
    expect(log).toEqual(['closeOverlay', 'back', 'home']);
    expect(calls).toContain('exitApp');
  });

  it('tells the page when the keyboard comes and goes, and removes its listeners when undone', async () => {
    const { bridge, fire, removed } = standIn('ios');
    const { controls, log } = page();
    const undo = await startNativeShell(bridge, controls, manualTimers());
    fire('keyboardWillShow', { keyboardHeight: 320 });
    fire('keyboardWillHide');
    expect(log).toEqual(['keyboard true 320', 'keyboard false 0']);
    undo();
    await flush();
    expect(removed.sort()).toEqual([
      'appUrlOpen',
      'backButton',
      'keyboardWillHide',
      'keyboardWillShow',
    ]);
  });

  it('opens the server’s links in the app, at launch and while running, and no others', async () => {
    const { bridge, fire } = standIn('android', 'https://ruche.example.fr/join-channel/XY7Z9Q');
    const { controls, log } = page();
    await startNativeShell(bridge, controls, manualTimers());
    fire('appUrlOpen', { url: 'https://ruche.example.fr/channel/5f0c' });
    fire('appUrlOpen', { url: 'https://ailleurs.example/channel/5f0c' });
    fire('appUrlOpen', { url: 'https://ruche.example.fr/settings' });
    expect(log).toEqual(['open /join-channel/XY7Z9Q', 'open /channel/5f0c']);
  });

  it('hands the return of an OpenID Connect sign-in to the page', async () => {
    const { bridge, fire } = standIn('ios');
    const { controls, log } = page();
    await startNativeShell(bridge, controls, manualTimers());
    fire('appUrlOpen', { url: 'https://ruche.example.fr/app/signed-in?code=abc' });
    fire('appUrlOpen', { url: 'fr.ruche.app://signed-in?code=abc' });
    fire('appUrlOpen', { url: 'fr.ruche.app://ailleurs?code=abc' });
    fire('appUrlOpen', { url: 'https://ailleurs.example/app/signed-in?code=abc' });
    expect(log).toEqual([
      'signedIn https://ruche.example.fr/app/signed-in?code=abc',
      'signedIn fr.ruche.app://signed-in?code=abc',
    ]);
  });
});
