import { restoreSessionToken } from '@/lib/session-token';
import { secureStorage } from './secure-storage';
import { startNativeApp } from './start';

/**
 * The app's build only (main.tsx, docs/mobile.md): the native start-up begins (it watches
 * `root` for the first screen), and the session token kept from the last sign-in is read
 * before the first request. Neither is in the browser's bundle.
 */
export async function bootNativeApp(root: HTMLElement): Promise<void> {
  void startNativeApp(root).catch(() => undefined);
  await restoreSessionToken(secureStorage).catch(() => undefined);
}
