// undici with keep-alive: the generator's own cost per request stays small (about a third
// of node:http's client here) and the same for Ruche and for the bare ceiling server.
import { Agent, request as send } from 'undici';

/** What Chromium sends with every request: answers past 2 KB then come compressed. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const agent = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });

export async function request(
  port,
  method,
  path,
  { body, cookie, headers = {}, timeoutMs = 30_000 } = {},
) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const res = await send(`http://127.0.0.1:${port}${path}`, {
    method,
    dispatcher: agent,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    headers: {
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: payload,
  });
  const text = await res.body.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, json, text };
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
  return agent.destroy();
}
