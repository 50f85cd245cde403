import { type PointerEvent, useEffect, useRef } from 'react';

/** How long a finger rests on a message before its actions open (iOS and Android use ~500 ms). */
export const LONG_PRESS_MS = 500;
/** A finger that moves farther than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Long-press on touch screens: `onLongPress` after LONG_PRESS_MS of a still finger. A
 * scroll, a lift or a cancel before then does nothing, so the list scrolls as usual; mouse
 * and pen are left to hover and click. The browser's own long-press menu is suppressed
 * while a press is held.
 */
/**
 * The finger that held still now lifts: browsers may still turn the touch into a click,
 * which would land on whatever the sheet opened under it. The next click, if it comes at
 * once, is dropped.
 */
function swallowNextClick(): void {
  const drop = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('click', drop, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', drop, { capture: true }), 400);
}

export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const latest = useRef(onLongPress);
  latest.current = onLongPress;

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  // A row unmounted under a finger (a list re-render) must not fire later.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      cancel();
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        latest.current();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (!from) return;
      if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: () => {
      cancel();
      if (fired.current) swallowNextClick();
    },
    onPointerCancel: cancel,
    onContextMenu: (event: { preventDefault(): void }) => {
      // Android opens its context menu on a long press: ours replaces it.
      if (start.current || fired.current) event.preventDefault();
    },
  };
}
