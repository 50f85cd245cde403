/**
 * The slot finder's arithmetic (docs/calendar.md, "Finding a slot"), pure: instants in
 * milliseconds, no store, no clock. free = ∩ each person's working time − ∪ everyone's busy
 * time, within the range; proposals start on the step's grid and do not overlap each other.
 */
export interface Interval {
  start: number;
  end: number;
}

/** Sorted, overlapping or touching intervals merged; empty ones dropped. */
export function union(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

/** The instants in both lists (each list merged first). */
export function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const x = union(a);
  const y = union(b);
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const start = Math.max(x[i]!.start, y[j]!.start);
    const end = Math.min(x[i]!.end, y[j]!.end);
    if (end > start) out.push({ start, end });
    if (x[i]!.end < y[j]!.end) i++;
    else j++;
  }
  return out;
}

/** The instants of `from` that are in none of `minus`. */
export function subtract(from: readonly Interval[], minus: readonly Interval[]): Interval[] {
  const holes = union(minus);
  const out: Interval[] = [];
  for (const piece of union(from)) {
    let start = piece.start;
    for (const hole of holes) {
      if (hole.end <= start || hole.start >= piece.end) continue;
      if (hole.start > start) out.push({ start, end: hole.start });
      start = Math.max(start, hole.end);
      if (start >= piece.end) break;
    }
    if (start < piece.end) out.push({ start, end: piece.end });
  }
  return out;
}

export interface SlotQuery {
  /** Each person's working time in the range (one list per person). */
  working: readonly (readonly Interval[])[];
  /** Everyone's busy time, together (whose it is does not matter). */
  busy: readonly Interval[];
  range: Interval;
  durationMs: number;
  stepMs: number;
  count: number;
}

const ceilTo = (t: number, step: number) => Math.ceil(t / step) * step;

/** The first `count` slots of `durationMs` free for everyone, soonest first, none overlapping. */
export function findSlots(q: SlotQuery): Interval[] {
  if (q.working.length === 0 || q.durationMs <= 0 || q.count <= 0) return [];
  let common: Interval[] = [q.range];
  for (const person of q.working) common = intersect(common, person);
  const free = subtract(common, q.busy);
  const slots: Interval[] = [];
  for (const window of free) {
    // The grid is the epoch's: a quarter hour is one in every zone of whole or half hours.
    let start = ceilTo(window.start, q.stepMs);
    while (start + q.durationMs <= window.end) {
      slots.push({ start, end: start + q.durationMs });
      if (slots.length === q.count) return slots;
      start = ceilTo(start + q.durationMs, q.stepMs);
    }
  }
  return slots;
}
