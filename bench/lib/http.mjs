// Plain node:http with keep-alive: the generator's own cost per request stays small and
// the same for Ruche and for the bare ceiling server.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

export function request(
  port,
  method,
  path,
  { body, cookie, headers = {}, timeoutMs = 30_000 } = {},
) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: timeoutMs,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, headers: res.headers, json, text });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The `ruche_session` cookie out of a Set-Cookie header. */
export function sessionCookie(res) {
  const set = [res.headers['set-cookie'] ?? []].flat();
  const found = set.map((c) => c.split(';')[0]).find((c) => c.startsWith('ruche_session='));
  if (!found)
    throw new Error(`no session cookie (status ${res.status}: ${res.text.slice(0, 200)})`);
  return found;
}

export async function expectOk(promise, what) {
  const res = await promise;
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  }
  return res;
}

export function destroyAgent() {
  agent.destroy();
}
