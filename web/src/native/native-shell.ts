import type { AppPlugin } from '@capacitor/app';
import type { KeyboardPlugin } from '@capacitor/keyboard';
import type { SplashScreenPlugin } from '@capacitor/splash-screen';
import { type StatusBarPlugin, Style } from '@capacitor/status-bar';
import { appLinkPath } from '#shared/app-links';
import { isSignedInLink } from './app-oidc';

/**
 * The app's start-up and native behaviour (docs/product.md §2 "Native-app start-up",
 * docs/mobile.md): status bar, splash screen, Android back button, keyboard. The plugins and
 * the page are handed in, so that the rules run in tests against stand-ins (the native
 * runtime does not run there); start.ts hands in the real ones, and only inside the app.
 */

/** The plugin methods used, with Capacitor's own signatures. */
export interface NativeBridge {
  platform: 'ios' | 'android';
  statusBar: Pick<StatusBarPlugin, 'setStyle' | 'setBackgroundColor' | 'setOverlaysWebView'>;
  splashScreen: Pick<SplashScreenPlugin, 'hide'>;
  app: Pick<AppPlugin, 'addListener' | 'exitApp' | 'getLaunchUrl'>;
  keyboard: Pick<KeyboardPlugin, 'addListener'>;
}

/** What the behaviour needs of the page. */
export interface PageControls {
  /** Resolves once the first real screen (not a loader) has rendered. */
  firstScreen: Promise<void>;
  /** Whether a dialog, sheet or menu is open. */
  overlayOpen(): boolean;
  /** Close the top one (as Escape does). */
  closeOverlay(): void;
  /** The current path. */
  path(): string;
  /** history.back() */
  back(): void;
  /** Go to the root screen (a deep link opened with no history behind it). */
  goHome(): void;
  /** The keyboard is up (true) or gone (false): the page keeps the focused field in view. */
  keyboardShown(shown: boolean, height: number): void;
  /** The server the app talks to (VITE_SERVER_ORIGIN): its links open in the app. */
  serverOrigin: string;
  /** Show the screen of a path (an App Link or Universal Link the system handed over). */
  open(path: string): void;
  /** The system browser came back from OpenID Connect with this link (app-oidc.ts). */
  signedIn(url: string): void;
}

/** The status bar's background: black, with light text (docs/product.md §2). */
export const STATUS_BAR_COLOR = '#000000';

/** Should the first screen never render (an error before it), the splash still goes. */
export const SPLASH_SAFETY_MS = 10_000;

export type BackAction = 'close-overlay' | 'back' | 'home' | 'exit';

/**
 * Android's back button, as in the Slack and Discord apps: it closes the open sheet or
 * dialog, else goes back, else leaves the app from the root screen. A screen opened by a
 * link with nothing behind it goes to the root screen first.
 */
export function backAction(state: {
  overlayOpen: boolean;
  path: string;
  canGoBack: boolean;
}): BackAction {
  if (state.overlayOpen) return 'close-overlay';
  if (state.path === '/') return 'exit';
  return state.canGoBack ? 'back' : 'home';
}

/** Start the native behaviour; returns what undoes it (listeners removed). */
export async function startNativeShell(
  bridge: NativeBridge,
  page: PageControls,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): Promise<() => void> {
  // Light text on black; on Android the page starts below the bar (iOS draws under it and
  // the layout pads with env(safe-area-inset-top)).
  await bridge.statusBar.setStyle({ style: Style.Dark });
  if (bridge.platform === 'android') {
    await bridge.statusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
    await bridge.statusBar.setOverlaysWebView({ overlay: false });
  }

  // The splash stays until the first screen has rendered (capacitor.config.ts: launchAutoHide
  // false), not for a fixed time.
  let splashHidden = false;
  const hideSplash = () => {
    if (splashHidden) return;
    splashHidden = true;
    timers.clearTimeout(safety);
    void bridge.splashScreen.hide();
  };
  const safety = timers.setTimeout(hideSplash, SPLASH_SAFETY_MS);
  void page.firstScreen.then(hideSplash);

  // A link of the server's (docs/mobile.md, "Links") opened the app, or reaches it running.
  const openLink = (url: string | undefined) => {
    if (url && isSignedInLink(url, page.serverOrigin)) return page.signedIn(url);
    const path = url ? appLinkPath(url, page.serverOrigin) : null;
    if (path) page.open(path);
  };
  openLink((await bridge.app.getLaunchUrl())?.url);

  const handles = await Promise.all([
    bridge.app.addListener('appUrlOpen', ({ url }) => openLink(url)),
    bridge.app.addListener('backButton', ({ canGoBack }) => {
      const action = backAction({ overlayOpen: page.overlayOpen(), path: page.path(), canGoBack });
      if (action === 'close-overlay') page.closeOverlay();
      else if (action === 'back') page.back();
      else if (action === 'home') page.goHome();
      else void bridge.app.exitApp();
    }),
    bridge.keyboard.addListener('keyboardWillShow', ({ keyboardHeight }) =>
      page.keyboardShown(true, keyboardHeight),
    ),
    bridge.keyboard.addListener('keyboardWillHide', () => page.keyboardShown(false, 0)),
  ]);
  return () => {
    timers.clearTimeout(safety);
    for (const handle of handles) void handle.remove();
  };
}
