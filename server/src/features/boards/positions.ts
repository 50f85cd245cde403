/**
 * Fractional positions (docs/boards.md): a move or an insert writes one row, at a position
 * between its new neighbours; only when two neighbours are too close to split does the
 * list get renumbered, once, with even gaps again.
 */
export const POSITION_GAP = 1024;
/** Below this gap, a midpoint loses precision in a double: renumber instead. */
const MIN_GAP = 1e-6;

/** The position for an item placed between `before` and `after` (either may be absent), or null when they are too close. */
export function positionBetween(
  before: number | undefined,
  after: number | undefined,
): number | null {
  if (before === undefined && after === undefined) return POSITION_GAP;
  if (before === undefined) return (after as number) - POSITION_GAP;
  if (after === undefined) return before + POSITION_GAP;
  if (after - before < MIN_GAP) return null;
  return before + (after - before) / 2;
}

/** Even positions for a whole list, in order: what a renumbering writes. */
export const evenPositions = (count: number): number[] =>
  Array.from({ length: count }, (_, i) => (i + 1) * POSITION_GAP);
