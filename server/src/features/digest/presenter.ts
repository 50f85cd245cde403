import {
  DIGEST_DEFAULT_DELAY,
  DIGEST_DEFAULT_PERIOD,
  DIGEST_DELAYS,
  DIGEST_PERIODS,
  type DigestDelay,
  type DigestPeriod,
  type DigestSettings,
} from '#shared/digest';

const isDelay = (n: number): n is DigestDelay => (DIGEST_DELAYS as readonly number[]).includes(n);
const isPeriod = (n: number): n is DigestPeriod =>
  (DIGEST_PERIODS as readonly number[]).includes(n);

/** A settings row (or the defaults) as GET|PUT /api/digest/settings answer it. */
export function presentSettings(
  row: { enabled: boolean; delayMinutes: number; periodMinutes: number },
  available: boolean,
): DigestSettings {
  return {
    enabled: row.enabled,
    delayMinutes: isDelay(row.delayMinutes) ? row.delayMinutes : DIGEST_DEFAULT_DELAY,
    periodMinutes: isPeriod(row.periodMinutes) ? row.periodMinutes : DIGEST_DEFAULT_PERIOD,
    available,
  };
}
