import { useState } from 'react';

/** Far from 0 so that a long history can be prepended (react-virtuoso: must stay positive). */
const START_INDEX = 10_000_000;

/**
 * react-virtuoso's firstItemIndex for a list that grows at both ends: when older items are
 * prepended, the index drops by how many came before the previous first item, so the
 * rows on screen keep their indexes and the scroll position stays put.
 */
export function useFirstItemIndex(keys: readonly string[]): number {
  const [state, setState] = useState({ firstKey: keys[0], index: START_INDEX });
  const firstKey = keys[0];
  if (firstKey === state.firstKey) return state.index;
  const previousPosition = state.firstKey === undefined ? -1 : keys.indexOf(state.firstKey);
  const index = previousPosition > 0 ? state.index - previousPosition : state.index;
  setState({ firstKey, index });
  return index;
}
