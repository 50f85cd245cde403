import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

const ROW = 'article[data-message-id]';
const TABBABLE = 'a[href],button:enabled,input:enabled,textarea:enabled,[tabindex="0"]';
/** A focus that follows a Tab key press this soon is the keyboard's, not a click's. */
const TAB_FOCUS_MS = 100;

interface Options {
  /** The rows' message ids, oldest first. */
  ids: readonly string[];
  /** Wraps the list: its rows are `article[data-message-id]` inside it. */
  container: RefObject<HTMLElement | null>;
  /** Brings the row at `index` (of `ids`) into the DOM; it is focused once rendered. */
  scrollTo: (index: number) => void;
  /** Escape on a message: back to the composer. */
  onEscape: () => void;
}

function rowOf(element: EventTarget | null): HTMLElement | null {
  return element instanceof HTMLElement ? element.closest<HTMLElement>(ROW) : null;
}

/**
 * Issue 45 item 15: the message list is one tab stop. Its current message is the only row
 * with tabIndex 0 (roving focus); ↑/↓ move between messages, Home/End to the first and last
 * loaded, Enter goes into the message's actions, Escape back to the composer. Tab from the
 * current message goes through its own controls and then out of the list; entering with Tab
 * or Shift+Tab lands on the current message. The list is virtualized: while the current
 * message is not rendered, the scroller itself is the tab stop and hands focus to the
 * newest message in view.
 */
export function useListKeyboard({ ids, container, scrollTo, onEscape }: Options) {
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [rendered, setRendered] = useState<ReadonlySet<string>>(() => new Set());
  const pendingFocus = useRef<string | null>(null);
  const lastTab = useRef(0);
  const exitBefore = useRef<HTMLSpanElement>(null);
  const exitAfter = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Tab') lastTab.current = performance.now();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  const article = useCallback(
    (id: string) =>
      container.current?.querySelector<HTMLElement>(
        `${ROW}[data-message-id="${CSS.escape(id)}"]`,
      ) ?? null,
    [container],
  );

  const focusRow = useCallback(
    (id: string) => {
      setCurrentId(id);
      const row = article(id);
      if (row) {
        pendingFocus.current = null;
        row.focus();
        return;
      }
      pendingFocus.current = id;
      const index = ids.indexOf(id);
      if (index >= 0) scrollTo(index);
    },
    [article, ids, scrollTo],
  );

  /** Call when rows were rendered (Virtuoso's itemsRendered): a move waiting for its row ends. */
  const rowsRendered = useCallback(
    (renderedIds: readonly string[]) => {
      setRendered((before) =>
        before.size === renderedIds.length && renderedIds.every((id) => before.has(id))
          ? before
          : new Set(renderedIds),
      );
      const waiting = pendingFocus.current;
      if (!waiting || !renderedIds.includes(waiting)) return;
      // After this render's commit: the row is in the DOM then.
      requestAnimationFrame(() => {
        if (pendingFocus.current !== waiting) return;
        pendingFocus.current = null;
        article(waiting)?.focus();
      });
    },
    [article],
  );

  const tabStopId = currentId !== null && rendered.has(currentId) ? currentId : null;

  /** The newest message whose row is in view (the scroller's fallback). */
  const newestInView = useCallback((): string | null => {
    const root = container.current;
    if (!root) return ids.at(-1) ?? null;
    const rows = [...root.querySelectorAll<HTMLElement>(ROW)];
    const box = root.getBoundingClientRect();
    const inView = rows.filter((row) => {
      const r = row.getBoundingClientRect();
      return r.bottom > box.top && r.top < box.bottom;
    });
    const row = inView.at(-1) ?? rows.at(-1);
    return row?.dataset.messageId ?? ids.at(-1) ?? null;
  }, [container, ids]);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const target = event.target;
      const root = container.current;
      if (!root || !(target instanceof HTMLElement) || !root.contains(target)) return;
      if (target === exitBefore.current || target === exitAfter.current) return;
      const row = rowOf(target);
      const fromOutside = !(
        event.relatedTarget instanceof Node && root.contains(event.relatedTarget)
      );
      const byTab = performance.now() - lastTab.current < TAB_FOCUS_MS;
      if (!row) {
        // The scroller (the tab stop while the current message is not rendered).
        if (target.hasAttribute('data-virtuoso-scroller')) {
          const id = tabStopId ?? newestInView();
          if (id) focusRow(id);
        }
        return;
      }
      const id = row.dataset.messageId ?? null;
      // Tabbing in onto a message's control (Shift+Tab from the composer lands on the last
      // one in the list): the list's tab stop is its current message, or the newest in view.
      if (fromOutside && byTab) {
        const stop = tabStopId ?? newestInView();
        if (stop && id !== stop) {
          focusRow(stop);
          return;
        }
      }
      if (id && id !== currentId) setCurrentId(id);
    },
    [container, currentId, focusRow, newestInView, tabStopId],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target;
      const root = container.current;
      // Keys from a portal (a menu, a dialog) bubble here through React: not the list's.
      if (!root || !(target instanceof HTMLElement) || !root.contains(target)) return;
      const row = rowOf(target);
      if (!row) return;
      if (event.key === 'Tab') {
        // Out of the list after the current message's own controls: focus a sentinel beside
        // the list and let the browser's Tab go on from there.
        if (event.shiftKey) {
          if (target === row) exitBefore.current?.focus();
          return;
        }
        const own = [row, ...row.querySelectorAll<HTMLElement>(TABBABLE)];
        if (own.at(-1) === target) exitAfter.current?.focus();
        return;
      }
      if (target !== row || event.altKey || event.ctrlKey || event.metaKey) return;
      const index = ids.indexOf(row.dataset.messageId ?? '');
      if (index < 0) return;
      const go = (next: number) => {
        const id = ids[Math.max(0, Math.min(ids.length - 1, next))];
        if (id && id !== ids[index]) focusRow(id);
      };
      switch (event.key) {
        case 'ArrowUp':
          go(index - 1);
          break;
        case 'ArrowDown':
          go(index + 1);
          break;
        case 'Home':
          go(0);
          break;
        case 'End':
          go(ids.length - 1);
          break;
        case 'Enter':
          // Into the message's actions (its toolbar shows while the message has the focus).
          row.querySelector<HTMLElement>('[role="toolbar"] button')?.focus();
          break;
        case 'Escape':
          onEscape();
          break;
        default:
          return;
      }
      event.preventDefault();
    },
    [container, ids, focusRow, onEscape],
  );

  return { tabStopId, onFocus, onKeyDown, rowsRendered, exitBefore, exitAfter };
}
