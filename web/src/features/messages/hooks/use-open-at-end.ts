import { type RefObject, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Past this, the list shows wherever it is (never hidden for good). */
const MAX_OPENING_FRAMES = 60;

/**
 * Opens a virtualized list at its newest row without react-virtuoso's wait.
 *
 * Given `initialTopMostItemIndex`, Virtuoso (4.18) renders the rows at that index, keeps the
 * list hidden four animation frames, scrolls there, then keeps it hidden until 150 ms pass
 * without the list changing: about 150 ms of a first visit spent on a list already in place
 * (docs/performance-log.md, "Channel switch"). Opening at the end, this hook scrolls the list's
 * scroller to its end every frame until the last row is in the DOM and the scroller is at its
 * end, then says `shown` (synchronously, so that the same frame paints it): what shows is the
 * layout itself, not an estimate. Virtuoso's own scroll, four frames later, lands on the same
 * place, and it keeps the list there as rows above are measured.
 *
 * `opening` is read once per opening: when the list mounts (`mounted` turns true) or its key
 * changes. A kept view hidden and shown again (its effects run again) stays as it was.
 */
export function useOpenAtEnd(
  container: RefObject<HTMLElement | null>,
  listKey: string,
  mounted: boolean,
  opening: { atEnd: boolean; lastIndex: number },
): { shown: boolean; pinning: boolean } {
  const [state, setState] = useState<{ key: string | null; shown: boolean }>({
    key: null,
    shown: false,
  });
  const read = useRef(opening);
  read.current = opening;
  // A pin cut short (the view hidden meanwhile, channel-view.tsx) goes on when it shows again.
  const unfinished = useRef<string | null>(null);

  useEffect(() => {
    if (!mounted) {
      unfinished.current = null;
      setState((now) => (now.key === null ? now : { key: null, shown: false }));
      return;
    }
    // Not an opening at the end, or a kept view shown again: it stays as it was.
    if (!read.current.atEnd && unfinished.current !== listKey) return;
    unfinished.current = listKey;
    setState({ key: listKey, shown: false });
    const show = (now: boolean) => {
      unfinished.current = null;
      if (now) flushSync(() => setState({ key: listKey, shown: true }));
      else setState({ key: listKey, shown: true });
    };
    let frames = 0;
    let frame = requestAnimationFrame(function step() {
      const scroller = container.current?.querySelector<HTMLElement>('[data-virtuoso-scroller]');
      if (scroller) {
        const end = scroller.scrollHeight - scroller.clientHeight;
        const last = scroller.querySelector(`[data-index="${read.current.lastIndex}"]`);
        if (last && end - scroller.scrollTop <= 1) return show(true);
        scroller.scrollTop = end;
      }
      if (++frames >= MAX_OPENING_FRAMES) return show(false);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [container, listKey, mounted]);

  const ours = state.key === listKey && mounted;
  return { shown: ours && state.shown, pinning: ours && !state.shown };
}
