/**
 * The realtime layer's vocabulary (docs/architecture.md, "Boundaries"): it names no feature.
 * The import boundaries themselves are `npm run check:arch` (scripts/check-arch.mjs and
 * .dependency-cruiser.cjs), run once by `npm test`, not once per store project here.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Words of the features' vocabulary. The realtime layer deals in topics, frames and
 * identities; `user` and `session` are identities, not features.
 */
const FEATURE_WORDS =
  /\b(channels?|channel_?id|typing|invites?|mentions?|boards?|friends?|calendar|voice|video|notifications?|search|send_message|new_message|message_(ack|rejected|updated|deleted))\b/i;
/** Redis names its pub/sub queues channels: the word means that there, and only there. */
const ALLOWED = new Map([['broker-redis.ts', /\bchannel\b|_channel\b/gi]]);

describe('the realtime layer', () => {
  it('names no feature (outside its tests)', async () => {
    const dir = path.join(root, 'server/src/realtime');
    const found: string[] = [];
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const allowed = ALLOWED.get(name);
      const lines = (await readFile(path.join(dir, name), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        const text = allowed ? line.replace(allowed, '') : line;
        const match = FEATURE_WORDS.exec(text);
        if (match) found.push(`${name}:${i + 1}: ${match[0]}`);
      });
    }
    expect(found).toEqual([]);
  });
});
