// Users, sessions and channel memberships for a scenario.
// Sign-up goes through POST /api/auth/register (argon2id: ~80 ms of CPU per account on this
// machine, so 1,000 sign-ups would saturate both cores for ~40 s). The first `apiSignups`
// users of a configuration are signed up through the API; the rest are written straight
// into the store with the rows the server itself writes at sign-up (a users row with an
// argon2id hash, a sessions row keyed by the SHA-256 of a random token), so that their
// cookies are as real as the API's. Memberships go through the API (create the channel,
// POST /api/channels/:id/join) up to `apiJoinsMax` members, through SQL beyond.
import { createHash, randomBytes } from 'node:crypto';
import { nowMs, sleep } from './clock.mjs';
import { expectOk, request, sessionCookie } from './http.mjs';

const PASSWORD = 'bench-password-1234';

async function mapBounded(items, concurrency, fn) {
  const out = new Array(items.length);
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return out;
}

export class Population {
  constructor({ node, sql, tag, apiSignups = 100, apiJoinsMax = 2000, concurrency = 8 }) {
    this.node = node; // the node used for set-up calls
    this.sql = sql;
    this.tag = tag;
    this.apiSignups = apiSignups;
    this.apiJoinsMax = apiJoinsMax;
    this.concurrency = concurrency;
    this.users = []; // { id, cookie, via }
    this.timings = { apiSignupMs: 0, apiSignups: 0, seedMs: 0, seeded: 0 };
    this.channelCount = 0;
  }

  /** Make sure at least `count` users exist; returns the first `count`. */
  async ensureUsers(count) {
    const viaApi = Math.max(0, Math.min(count, this.apiSignups) - this.users.length);
    if (viaApi > 0) {
      const started = nowMs();
      const base = this.users.length;
      const made = await mapBounded(
        Array.from({ length: viaApi }, (_, i) => base + i),
        this.concurrency,
        (i) => this.signUp(i),
      );
      this.users.push(...made);
      this.timings.apiSignupMs += nowMs() - started;
      this.timings.apiSignups += viaApi;
    }
    if (this.users.length < count) {
      const started = nowMs();
      const made = await this.seed(this.users.length, count - this.users.length);
      this.users.push(...made);
      this.timings.seedMs += nowMs() - started;
      this.timings.seeded += made.length;
    }
    return this.users.slice(0, count);
  }

  async signUp(i) {
    const body = {
      email: `u${i}-${this.tag}@bench.example.com`,
      password: PASSWORD,
      firstName: `Banc${i}`,
    };
    // The overload guard may shed a sign-up on a busy machine (argon2 holds the loop): retried
    // after its Retry-After, as a person would, a few times at most.
    let answer = await request(this.node.port, 'POST', '/api/auth/register', { body });
    for (let tries = 1; answer.status === 503 && tries < 10; tries++) {
      await sleep(1000 * Math.min(5, Number(answer.headers['retry-after'] ?? 1) || 1));
      answer = await request(this.node.port, 'POST', '/api/auth/register', { body });
    }
    const res = await expectOk(Promise.resolve(answer), 'sign-up');
    return { id: res.json.id, cookie: sessionCookie(res), via: 'api' };
  }

  async seed(from, count) {
    if (!this.passwordHash) {
      const argon2 = (await import('argon2')).default;
      this.passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
    }
    const made = [];
    for (let start = 0; start < count; start += 1000) {
      const n = Math.min(1000, count - start);
      const rows = Array.from({ length: n }, (_, k) => ({
        email: `u${from + start + k}-${this.tag}@bench.example.com`,
        first_name: `Banc${from + start + k}`,
        password_hash: this.passwordHash,
      }));
      const users = await this.sql`insert into users ${this.sql(rows)} returning id`;
      const expire = new Date(Date.now() + 30 * 24 * 3600 * 1000);
      const sessions = users.map((u) => {
        const token = randomBytes(32).toString('base64url');
        return {
          token,
          row: {
            sid: createHash('sha256').update(token).digest('hex'),
            sess: { userId: u.id, createdAt: new Date().toISOString() },
            expire,
          },
        };
      });
      await this.sql`insert into sessions ${this.sql(sessions.map((s) => s.row))}`;
      for (const [k, u] of users.entries()) {
        made.push({ id: u.id, cookie: `ruche_session=${sessions[k].token}`, via: 'seed' });
      }
    }
    return made;
  }

  /** A public channel created by members[0] through the API, the others joined to it. */
  async channel(members) {
    const [owner, ...rest] = members;
    const name = `banc-${this.tag}-${++this.channelCount}`;
    const res = await expectOk(
      request(this.node.port, 'POST', '/api/channels', {
        body: { name, type: 'channel' },
        cookie: owner.cookie,
      }),
      'create channel',
    );
    const channelId = res.json.id;
    const viaApi = rest.slice(0, this.apiJoinsMax);
    await mapBounded(viaApi, 16, (m) =>
      expectOk(
        request(this.node.port, 'POST', `/api/channels/${channelId}/join`, { cookie: m.cookie }),
        'join channel',
      ),
    );
    const viaSql = rest.slice(this.apiJoinsMax);
    for (let start = 0; start < viaSql.length; start += 1000) {
      const rows = viaSql
        .slice(start, start + 1000)
        .map((m) => ({ channel_id: channelId, user_id: m.id, role: 'member' }));
      await this.sql`insert into channel_members ${this.sql(rows)}`;
    }
    return channelId;
  }
}
