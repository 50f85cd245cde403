import { describe, expect, it } from 'vitest';
import { NOT_PROCESSED_HEADER, OVERLOAD_RETRIES } from '#shared/limits';
import { overloadRetryMs } from './api';

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });

describe('overloadRetryMs', () => {
  it('waits Retry-After plus up to half again, longer at each attempt, then gives up', () => {
    for (let i = 0; i < 50; i++) {
      const first = overloadRetryMs('GET', answer(503, { 'Retry-After': '2' }), 1);
      expect(first).toBeGreaterThanOrEqual(2000);
      expect(first).toBeLessThanOrEqual(3000);
      const third = overloadRetryMs('GET', answer(503, { 'Retry-After': '2' }), 3);
      expect(third).toBeGreaterThanOrEqual(6000);
    }
    const after = overloadRetryMs('GET', answer(503), OVERLOAD_RETRIES + 1);
    expect(after).toBeUndefined();
  });

  it('re-sends a write only when the server says it did nothing of it', () => {
    expect(overloadRetryMs('POST', answer(503, { 'Retry-After': '1' }), 1)).toBeUndefined();
    expect(
      overloadRetryMs('POST', answer(503, { 'Retry-After': '1', [NOT_PROCESSED_HEADER]: '1' }), 1),
    ).toBeGreaterThanOrEqual(1000);
  });

  it('leaves every other answer to the caller', () => {
    for (const status of [200, 400, 401, 429, 500, 502]) {
      expect(overloadRetryMs('GET', answer(status, { 'Retry-After': '1' }), 1)).toBeUndefined();
    }
  });
});
