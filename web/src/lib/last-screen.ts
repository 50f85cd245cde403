/**
 * The last screen (docs/product.md §2.34, « Ouverture instantanée »): what a channel looked
 * like when the app was last left, kept in localStorage, so that the next start paints it
 * before the app's code has even run (web/boot/last-screen.ts, a script of its own, reads it).
 * The boot script also takes it away once the app's own list is on screen. Here, in the entry:
 * the boot script's request for the user, taken by the app, and forgetting the kept screen with
 * the rest of the account's kept data; lib/keep-last-screen.ts keeps it.
 */
export const LAST_SCREEN_KEY = 'ruche:last-screen';

declare global {
  /**
   * What is kept under LAST_SCREEN_KEY (lib/keep-last-screen.ts writes it, web/boot/last-screen.ts
   * reads it: global, so that the boot script, which imports nothing, names it too).
   */
  interface KeptScreen {
    version: number;
    userId: string;
    channelId: string;
    /** The window's width it was laid out for: at another, it is not shown. */
    width: number;
    /** The root element's classes (the theme). */
    theme: string;
    html: string;
  }

  interface Window {
    /** The boot script's hand-over: its request for the user. */
    __rucheBoot?: { user?: Promise<Response> };
  }
}

/** The boot script's request for the signed-in user, if it made one: taken once. */
export function takeBootUserRequest(): Promise<Response> | undefined {
  const boot = window.__rucheBoot;
  const user = boot?.user;
  if (boot) boot.user = undefined;
  return user;
}

/** Signing out, another account, a start signed out: no screen of anyone is kept. */
export function forgetLastScreen(): void {
  try {
    localStorage.removeItem(LAST_SCREEN_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
