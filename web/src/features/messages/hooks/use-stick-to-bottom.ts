import { useCallback, useEffect, useRef } from 'react';

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * Keeps a list at its bottom while what is there grows (issue 45, item 3): an image's height
 * arrives after the list followed the message that carries it, and the list stopped above it,
 * behind "Revenir aux messages récents". Stuck once the list reaches its bottom (or once one's
 * own message is sent); only the reader unsticks it — scrolling up with the wheel, a finger,
 * the keyboard or the scrollbar — never content that grows. While stuck, every change of the
 * list's height scrolls it to the end again.
 */
export function useStickToBottom(listKey: string, enabled: boolean) {
  const stuck = useRef(false);
  const scroller = useRef<HTMLElement | null>(null);
  const detach = useRef<(() => void) | null>(null);

  // Another opening (a permalink, the unread line) starts unstuck, wherever it opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new opening
  useEffect(() => {
    stuck.current = false;
  }, [listKey]);
  useEffect(() => () => detach.current?.(), []);

  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = null;
    scroller.current = element instanceof HTMLElement ? element : null;
    const el = scroller.current;
    if (!el) return;
    const unstick = () => {
      stuck.current = false;
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) unstick();
    };
    let touchY: number | null = null;
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      // The finger moving down drags the list up, towards older messages.
      if (touchY !== null && y !== undefined && y > touchY + 4) unstick();
    };
    const onKey = (event: KeyboardEvent) => {
      if (UP_KEYS.has(event.key)) unstick();
    };
    // A press on the scroller itself, not on a row: its scrollbar.
    const onPointer = (event: PointerEvent) => {
      if (event.target === el) unstick();
    };
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointer);
    detach.current = () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  /** Virtuoso's atBottomStateChange: reaching the bottom sticks. */
  const atBottomChanged = useCallback((atBottom: boolean) => {
    if (atBottom) stuck.current = true;
  }, []);

  /** One's own message went out: it is to be seen whole, whatever comes after. */
  const stick = useCallback(() => {
    stuck.current = true;
  }, []);

  /** Virtuoso's totalListHeightChanged: grown while stuck, back to the end. */
  const heightChanged = useCallback(() => {
    const el = scroller.current;
    if (!enabled || !stuck.current || !el) return;
    el.scrollTop = el.scrollHeight;
  }, [enabled]);

  return { scrollerRef, atBottomChanged, stick, heightChanged };
}
