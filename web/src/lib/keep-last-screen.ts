import { getActiveChannel } from './channel-in-view';
import { forgetLastScreen, LAST_SCREEN_KEY } from './last-screen';

/** Raised when what is kept changes shape (web/boot/last-screen.ts reads this one only). */
const VERSION = 1;
/** A screen larger than this (a pathological page) is not kept. */
const MAX_CHARS = 2_000_000;

/**
 * A row of a channel's list (react-virtuoso's `data-index`) actually on screen in `root`
 * (web/boot/last-screen.ts asks the same before taking its cover away).
 */
function listShown(root: HTMLElement): boolean {
  for (const row of root.querySelectorAll('[role="log"] [data-index]')) {
    if (row.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return true;
  }
  return false;
}

/** Within a screen of its end: kept as a distance from the end (keepLastScreen). */
const nearEnd = (element: Element) =>
  element.scrollHeight - element.clientHeight - element.scrollTop < element.clientHeight;

/**
 * A list's row rendered out of view (ahead, to scroll into) that can go without moving what is
 * in view: below it, or above it when the list is kept by its distance from the end.
 */
function droppable(row: Element): boolean {
  const scroller = row.closest('[data-virtuoso-scroller]');
  if (!scroller) return false;
  const box = row.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.top >= view.bottom || (box.bottom <= view.top && nearEnd(scroller));
}

/**
 * Keeps the screen as it is, when it shows a channel's list: its markup (React's rendering,
 * serialized by the browser: text escaped), where its scrollers were, the width it was laid
 * out for and the theme. The channels kept hidden (React's <Activity>) are left out. True
 * when kept.
 */
export function keepLastScreen(userId: string): boolean {
  try {
    const channelId = getActiveChannel();
    const root = document.getElementById('root');
    if (!channelId || !root || document.getElementById('last-screen') || !listShown(root)) {
      return false;
    }
    const clone = root.cloneNode(true) as HTMLElement;
    const live = root.getElementsByTagName('*');
    const copies = clone.getElementsByTagName('*');
    const offScreen: Element[] = [];
    for (let i = 0; i < live.length; i++) {
      const element = live[i];
      if (!element) continue;
      // A list's rows out of view: not painted, left out.
      if (element.hasAttribute('data-index') && droppable(element)) {
        const copy = copies[i];
        if (copy) offScreen.push(copy);
      }
      if (element.scrollTop <= 0) continue;
      // Near its end (a list at its newest), how far from it: rows above may go (below).
      const fromEnd = element.scrollHeight - element.clientHeight - element.scrollTop;
      const place = fromEnd < element.clientHeight ? `end-${fromEnd}` : String(element.scrollTop);
      copies[i]?.setAttribute('data-last-scroll', place);
    }
    for (const row of offScreen) row.remove();
    for (const hidden of clone.querySelectorAll('[style*="display: none"]')) hidden.remove();
    const html = clone.innerHTML;
    if (html.length > MAX_CHARS) {
      forgetLastScreen();
      return false;
    }
    const kept: KeptScreen = {
      version: VERSION,
      userId,
      channelId,
      width: window.innerWidth,
      theme: document.documentElement.className,
      html,
    };
    localStorage.setItem(LAST_SCREEN_KEY, JSON.stringify(kept));
    return true;
  } catch {
    // Storage full or refused: the next start paints from the app alone.
    return false;
  }
}
