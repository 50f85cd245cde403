/**
 * The overload guard (lib/overload.ts, docs/scaling.md, "Overload") out of the way: what every
 * test server and test node runs with unless its test is about overload. On a machine whose
 * two cores also run other test files, a build or another suite, its real limits refuse the
 * tests' own set-up: a second in which the loop never turned counts as an infinite delay
 * (a sign-up answered 503 in `typing.test.ts`), a sign-up's query waits past 1 s for a
 * connection, a test's burst of sockets passes 25 a second from loopback.
 *
 * A test about overload sets its own limit over these (`env: { OVERLOAD_EVENT_LOOP_MS: '30' }`),
 * or asks a node for the server's own defaults (node-process.ts, `overloadGuard: 'defaults'`).
 */
export const OVERLOAD_GUARD_OUT_OF_THE_WAY = {
  // Off, not just high (the infinite delay above); tested in lib/overload.test.ts.
  OVERLOAD_EVENT_LOOP_MS: '0',
  // Under the 30 s a test may take: a query that never gets a connection still fails with
  // the guard's message, not with a bare timeout.
  STORE_WAIT_MS: '25000',
  WS_ADMIT_PER_SECOND: '100000',
  WS_ADMIT_PER_ADDRESS_PER_SECOND: '100000',
} as const satisfies Record<string, string>;
