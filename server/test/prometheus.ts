/**
 * Reads GET /metrics as Prometheus would, strictly: the text exposition format (version
 * 0.0.4) line by line. The one parser on npm, parse-prometheus-text-format (1.1.1,
 * unmaintained), folds a histogram's label sets into one, so it cannot check ours.
 */

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface HistogramSample {
  labels: Record<string, string>;
  /** Cumulative counts by upper bound (`le`), `Infinity` last. */
  buckets: Array<[number, number]>;
  sum: number;
  count: number;
}

export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
  /** Histograms only: the samples grouped per label set. */
  histograms: HistogramSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)(?: (-?\d+))?$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/;

function parseValue(text: string, line: string): number {
  if (/^[-+]?Inf$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (text === 'NaN') return Number.NaN;
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) {
    throw new Error(`bad value in: ${line}`);
  }
  return Number(text);
}

function parseLabels(braced: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!braced) return labels;
  let rest = braced.slice(1, -1);
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`bad labels in: ${line}`);
    const [whole, key = '', raw = ''] = match;
    if (key in labels) throw new Error(`label ${key} twice in: ${line}`);
    labels[key] = raw.replace(/\\(["\\n])/g, (_m, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(whole.length);
  }
  return labels;
}

const keyOf = (labels: Record<string, string>) =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

/** Group a histogram's _bucket, _sum and _count lines per label set, and check them. */
function histogramsOf(family: Family, raw: Array<Sample & { suffix: string }>): HistogramSample[] {
  const groups = new Map<string, HistogramSample>();
  for (const { labels, value, suffix } of raw) {
    const { le, ...rest } = labels;
    const key = keyOf(rest);
    let group = groups.get(key);
    if (!group) {
      group = { labels: rest, buckets: [], sum: Number.NaN, count: Number.NaN };
      groups.set(key, group);
    }
    if (suffix === '_bucket') {
      if (le === undefined) throw new Error(`${family.name}_bucket without le`);
      group.buckets.push([parseValue(le, le), value]);
    } else if (suffix === '_sum') group.sum = value;
    else if (suffix === '_count') group.count = value;
    else throw new Error(`${family.name}${suffix}: not a histogram line`);
  }
  for (const group of groups.values()) {
    const counts = group.buckets.map(([, n]) => n);
    const last = group.buckets.at(-1);
    const ordered = counts.every((n, i) => i === 0 || n >= (counts[i - 1] as number));
    if (!ordered || last?.[0] !== Infinity || last[1] !== group.count || Number.isNaN(group.sum)) {
      throw new Error(`${family.name}${keyOf(group.labels)}: inconsistent histogram`);
    }
  }
  return [...groups.values()];
}

/** Every family of the text, by name; throws at the first line Prometheus would refuse. */
export function parseMetrics(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const raw = new Map<string, Array<Sample & { suffix: string }>>();
  let current: Family | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      if (!NAME.test(name)) throw new Error(`bad name in: ${line}`);
      current = families.get(name);
      if (!current) {
        current = { name, help: '', type: 'untyped', samples: [], histograms: [] };
        families.set(name, current);
        raw.set(name, []);
      }
      if (kind === 'HELP') current.help = rest;
      else if (/^(counter|gauge|histogram|summary|untyped)$/.test(rest)) {
        current.type = rest as Family['type'];
      } else throw new Error(`bad type in: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match || !current) throw new Error(`not Prometheus text format: ${line}`);
    const [, name = '', braced, value = ''] = match;
    const suffix = name.slice(current.name.length);
    const suffixes = current.type === 'histogram' ? ['_bucket', '_sum', '_count'] : [''];
    if (!name.startsWith(current.name) || !suffixes.includes(suffix)) {
      throw new Error(`${name} outside its family (${current.name}): ${line}`);
    }
    const sample = { labels: parseLabels(braced, line), value: parseValue(value, line) };
    current.samples.push(sample);
    raw.get(current.name)?.push({ ...sample, suffix });
  }
  for (const family of families.values()) {
    if (family.type === 'histogram')
      family.histograms = histogramsOf(family, raw.get(family.name) ?? []);
  }
  return families;
}

const matches = (labels: Record<string, string>, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([k, v]) => labels[k] === v);

/** The value of a family's sample whose labels include `labels`. */
export function sampleValue(family: Family | undefined, labels: Record<string, string> = {}) {
  return family?.samples.find((s) => matches(s.labels, labels))?.value;
}

/** A histogram's series whose labels include `labels`. */
export function histogramOf(family: Family | undefined, labels: Record<string, string> = {}) {
  return family?.histograms.find((h) => matches(h.labels, labels));
}
