import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Capacitor } from '@capacitor/core';
import { Keyboard } from '@capacitor/keyboard';
import { LocalNotifications } from '@capacitor/local-notifications';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar } from '@capacitor/status-bar';
import { navigate } from 'wouter/use-browser-location';
import { type FileDownloadLink, fileDownloadLinkUrl } from '#shared/files';
import type { Notification } from '#shared/notifications';
import { API_ORIGIN, apiRequest } from '@/lib/api';
import { type AppOidcDeps, finishAppSignIn, startAppSignIn } from './app-oidc';
import { notifyOnPhone, startPhoneNotifications } from './local-notifications';
import { type PageControls, startNativeShell } from './native-shell';
import { secureStorage } from './secure-storage';

/**
 * Loaded by main.tsx only in the app's build (VITE_SERVER_ORIGIN set); inert anywhere but
 * inside the native runtime (a browser opening that build, as the e2e test does).
 */

/** What counts as an open overlay: Radix dialogs, sheets (dialogs too) and menus. */
const OVERLAY =
  '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"][data-state="open"]';

/** The first screen: #root holds something other than the full-page loader. */
function firstScreen(root: HTMLElement): Promise<void> {
  const shown = () =>
    root.childElementCount > 0 && root.querySelector('[data-full-page-loader]') === null;
  return new Promise((resolve) => {
    // After the frame that paints it, so the splash does not uncover a blank page.
    const done = () => requestAnimationFrame(() => resolve());
    if (shown()) return done();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      done();
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

async function oidcDeps(): Promise<AppOidcDeps> {
  return {
    serverOrigin: API_ORIGIN,
    browser: Browser,
    storage: await secureStorage(),
    exchange: (body) => apiRequest('POST', '/api/auth/app-sign-in', body),
    crypto: globalThis.crypto,
    platform: Capacitor.getPlatform(),
  };
}

/** A file's download in the app: a ticketed link of the server's, in the system browser. */
export async function openDownload(fileId: string): Promise<void> {
  const { url } = await apiRequest<FileDownloadLink>('POST', fileDownloadLinkUrl(fileId));
  await Browser.open({ url: `${API_ORIGIN}${url}`, presentationStyle: 'popover' });
}

/** The single sign-on button in the app: the system browser, not the WebView (RFC 8252). */
export async function appSignIn(): Promise<void> {
  await startAppSignIn(await oidcDeps());
}

function pageControls(root: HTMLElement): PageControls {
  return {
    firstScreen: firstScreen(root),
    overlayOpen: () => document.querySelector(OVERLAY) !== null,
    closeOverlay: () => {
      // Radix closes its top layer on Escape, wherever the focus is.
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    },
    path: () => window.location.pathname,
    back: () => window.history.back(),
    goHome: () => window.location.assign('/'),
    serverOrigin: API_ORIGIN,
    open: (path) => navigate(path),
    signedIn: (url) => {
      void oidcDeps()
        .then((deps) => finishAppSignIn(deps, url))
        // Signed in: the app starts again with its token; else back to the sign-in page.
        .then((user) => window.location.assign(user ? '/' : '/login'))
        .catch(() => window.location.assign('/login'));
    },
    keyboardShown: (shown, height) => {
      const html = document.documentElement;
      html.classList.toggle('keyboard-open', shown);
      html.style.setProperty('--keyboard-height', `${height}px`);
      // The WebView shrinks (resize: native): the field being typed in stays in sight.
      if (shown) {
        requestAnimationFrame(() =>
          (document.activeElement as HTMLElement | null)?.scrollIntoView?.({ block: 'nearest' }),
        );
      }
    },
  };
}

export async function startNativeApp(root: HTMLElement): Promise<void> {
  if (!Capacitor.isNativePlatform()) return;
  const platform = Capacitor.getPlatform() === 'ios' ? 'ios' : 'android';
  await startNativeShell(
    { platform, statusBar: StatusBar, splashScreen: SplashScreen, app: App, keyboard: Keyboard },
    pageControls(root),
  );
  await startPhoneNotifications(LocalNotifications, (path) => navigate(path));
}

/** A notification that came on the socket while the app is not in view (docs/mobile.md). */
export async function notifyInApp(notification: Notification, path: string): Promise<void> {
  if (!Capacitor.isNativePlatform()) return;
  await notifyOnPhone(LocalNotifications, notification, path);
}
