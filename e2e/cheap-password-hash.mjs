// Preloaded (`node --import`) into every server the specs start (server-process.ts), never
// part of the built server: passwords are hashed with argon2id at the cost the API tests use
// (server/test/server.ts, TEST_PASSWORD_HASH_COST) instead of production's (config.ts,
// PASSWORD_HASH_COST: ~170 ms of CPU a hash here), which no variable may lower. The specs
// sign up about 250 accounts on the two cores they share with the browsers
// (docs/performance-log.md, "2026-12-06, the specs' sign-ups"). A hash records its cost, so
// signing in checks it at the cost it was made with, as in production.
import argon2 from 'argon2';

const hash = argon2.hash;
argon2.hash = (password, options) =>
  hash(password, { ...options, memoryCost: 1024, timeCost: 1, parallelism: 1 });
