// Send and receive timestamps come from different processes on one machine: epoch
// milliseconds with sub-millisecond precision, comparable across processes.
export const nowMs = () => performance.timeOrigin + performance.now();

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The marker a bench message carries; receivers find it in the raw frame text. No '@' in
 * it: a message with '@' makes the server look up mentions (a member-list query).
 */
export const MARK = 'bench~';
export const MARK_END = '~';

export function benchContent(seqNo) {
  return `${MARK}${nowMs().toFixed(3)}${MARK_END} n${seqNo}`;
}

export function median(values) {
  const xs = values
    .filter((v) => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}
