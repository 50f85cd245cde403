/**
 * The last screen (docs/product.md §2.34, « Ouverture instantanée »): what a channel looked
 * like when the app was last left, kept in localStorage, so that the next start paints it
 * before the app's code has even run (web/boot/last-screen.ts, a script of its own, reads it).
 * The boot script also takes it away once the app's own list is on screen. Here, in the entry:
 * the boot script's request for the user, taken by the app, and forgetting the kept screen with
 * the rest of the account's kept data; lib/keep-last-screen.ts keeps it.
 */
export const LAST_SCREEN_KEY = 'ruche:last-screen';
interface LastScreenBoot {
  user?: Promise<Response>;
}

const bootState = (): LastScreenBoot | undefined =>
  (window as unknown as { __rucheBoot?: LastScreenBoot }).__rucheBoot;

/** The boot script's request for the signed-in user, if it made one: taken once. */
export function takeBootUserRequest(): Promise<Response> | undefined {
  const boot = bootState();
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
