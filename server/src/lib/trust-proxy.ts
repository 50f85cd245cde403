/**
 * TRUST_PROXY (docs/operations.md, "Behind a proxy"): which hops' X-Forwarded-For Fastify
 * believes. Never every hop: a client writes what it likes before the proxy's own entry,
 * and would then choose the address every per-address limit counts (docs/security.md).
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** Fastify's trustProxy as given: nobody, the nearest hops, or the proxies these name. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/** The nearest `hops` hops, as Fastify reads a hop count (its types take no number). */
const nearest =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** proxy-addr's names for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix-length, or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `false` (or `0`): nobody. `true`: the nearest proxy only, like `1` — it meant every hop
 * before, which behind one proxy let the client choose its address. `2`: the two nearest.
 * Otherwise a comma-separated list of the proxies' addresses, CIDRs or range names.
 */
export const TrustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return nearest(1);
    if (/^\d{1,2}$/.test(value)) return nearest(Number(value));
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyEntry)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'expected false, true, a hop count, or addresses, CIDRs, loopback, linklocal, uniquelocal separated by commas',
    });
    return z.NEVER;
  });
