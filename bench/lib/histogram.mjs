// A fixed-bucket latency histogram: cheap to record in the receiving workers, cheap to merge
// in the parent. Resolution: 10 µs up to 10 ms, 100 µs up to 1 s, 10 ms up to 61 s.
const B1 = 1000; // 10 µs buckets, 0–10 ms
const B2 = 9900; // 100 µs buckets, 10 ms–1 s
const B3 = 6000; // 10 ms buckets, 1 s–61 s
export const BUCKETS = B1 + B2 + B3;

export function createHistogram() {
  return { counts: new Uint32Array(BUCKETS), n: 0, max: 0 };
}

function bucketOf(ms) {
  const us = ms * 1000;
  if (us < 10_000) return Math.max(0, Math.floor(us / 10));
  if (us < 1_000_000) return B1 + Math.floor((us - 10_000) / 100);
  return B1 + B2 + Math.min(B3 - 1, Math.floor((us - 1_000_000) / 10_000));
}

/** The upper bound (ms) of a bucket: percentiles are reported conservatively. */
function upperOf(i) {
  if (i < B1) return ((i + 1) * 10) / 1000;
  if (i < B1 + B2) return (10_000 + (i - B1 + 1) * 100) / 1000;
  return (1_000_000 + (i - B1 - B2 + 1) * 10_000) / 1000;
}

export function record(h, ms) {
  h.counts[bucketOf(ms)]++;
  h.n++;
  if (ms > h.max) h.max = ms;
}

/** Sparse form for IPC: [[bucket, count], ...]. */
export function toSparse(h) {
  const pairs = [];
  for (let i = 0; i < BUCKETS; i++) if (h.counts[i]) pairs.push([i, h.counts[i]]);
  return { pairs, n: h.n, max: h.max };
}

export function mergeSparse(into, sparse) {
  for (const [i, c] of sparse.pairs) into.counts[i] += c;
  into.n += sparse.n;
  if (sparse.max > into.max) into.max = sparse.max;
}

export function percentile(h, p) {
  if (h.n === 0) return null;
  const target = Math.ceil((p / 100) * h.n);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += h.counts[i];
    if (seen >= target) return Math.min(upperOf(i), h.max);
  }
  return h.max;
}

export function summary(h) {
  return {
    n: h.n,
    p50: percentile(h, 50),
    p90: percentile(h, 90),
    p99: percentile(h, 99),
    max: h.n ? h.max : null,
  };
}
