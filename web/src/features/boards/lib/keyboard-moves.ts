import {
  type ClientRect,
  type DroppableContainer,
  getScrollableAncestors,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { DndData } from './dnd';

const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
/** What stays visible beside a revealed card or list (the board's own padding). */
const MARGIN = 16;

const dataOf = (container: { data: { current?: unknown } } | null | undefined) =>
  container?.data.current as DndData | undefined;

/**
 * Scrolls `scroller` along one axis by as little as shows [start, end] with a margin, the way
 * scrollIntoView's "nearest" does; returns how far it scrolled.
 */
export function reveal(
  scroller: Element | undefined,
  start: number,
  end: number,
  axis: 'x' | 'y',
): number {
  if (!scroller) return 0;
  const box = scroller.getBoundingClientRect();
  const low = (axis === 'x' ? box.left : box.top) + MARGIN;
  const high =
    (axis === 'x' ? box.left + scroller.clientWidth : box.top + scroller.clientHeight) - MARGIN;
  let delta = 0;
  if (end > high) delta = end - high;
  if (start - delta < low) delta = start - low;
  if (delta === 0) return 0;
  const before = axis === 'x' ? scroller.scrollLeft : scroller.scrollTop;
  if (axis === 'x') scroller.scrollLeft = before + delta;
  else scroller.scrollTop = before + delta;
  return (axis === 'x' ? scroller.scrollLeft : scroller.scrollTop) - before;
}

const scrollerOf = (container: DroppableContainer | undefined) => {
  const node = container?.node.current;
  return node ? getScrollableAncestors(node, 1)[0] : undefined;
};

/**
 * The arrows while a card or a list is held (docs/boards.md, keyboard): Left and Right go to
 * the next list (a card to the card at its height there, or the list's end when it has none),
 * Up and Down along the list (dnd-kit's sortable rule). The board and a list scroll only when
 * the target is out of view, and only as far as it needs: a wide screen keeps its first list.
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (!ARROWS.includes(event.code)) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, over } = args.context;
  const held = dataOf(active);
  if (!active || !collisionRect || !held) return undefined;
  const horizontal = event.code === 'ArrowLeft' || event.code === 'ArrowRight';
  if (!horizontal) {
    if (held.type === 'list') return undefined;
    const next = sortableKeyboardCoordinates(event, args);
    if (!next) return next;
    const list = scrollerOf(over ? droppableContainers.get(over.id) : undefined);
    return { x: next.x, y: next.y - reveal(list, next.y, next.y + collisionRect.height, 'y') };
  }

  const hovered = dataOf(over);
  const fromList =
    hovered?.type === 'task'
      ? hovered.task.listId
      : hovered?.type === 'list'
        ? hovered.list.id
        : held.type === 'task'
          ? held.task.listId
          : held.list.id;
  const lists = droppableContainers
    .getEnabled()
    .filter((c) => dataOf(c)?.type === 'list')
    .map((c) => ({ container: c, rect: droppableRects.get(c.id) }))
    .filter((l): l is { container: DroppableContainer; rect: ClientRect } => Boolean(l.rect))
    .sort((a, b) => a.rect.left - b.rect.left);
  const from = lists.findIndex((l) => {
    const d = dataOf(l.container);
    return d?.type === 'list' && d.list.id === fromList;
  });
  const target = lists[from + (event.code === 'ArrowRight' ? 1 : -1)];
  if (from < 0 || !target) return undefined;
  const targetData = dataOf(target.container);
  const targetId = targetData?.type === 'list' ? targetData.list.id : '';

  const card =
    held.type === 'task'
      ? droppableContainers
          .getEnabled()
          .filter((c) => {
            const d = dataOf(c);
            return c.id !== active.id && d?.type === 'task' && d.task.listId === targetId;
          })
          .map((c) => ({ container: c, rect: droppableRects.get(c.id) }))
          .filter((c): c is { container: DroppableContainer; rect: ClientRect } => Boolean(c.rect))
          .sort(
            (a, b) =>
              Math.abs(a.rect.top - collisionRect.top) - Math.abs(b.rect.top - collisionRect.top),
          )[0]
      : undefined;
  const point = card
    ? { x: card.rect.left, y: card.rect.top }
    : { x: target.rect.left, y: target.rect.top };
  const dx = reveal(scrollerOf(target.container), target.rect.left, target.rect.right, 'x');
  const dy = card
    ? reveal(scrollerOf(card.container), point.y, point.y + card.rect.height, 'y')
    : 0;
  return { x: point.x - dx, y: point.y - dy };
};
