/**
 * The API at the fetch boundary, for component tests: each route answers a wire object typed
 * by `shared/` (the server's side of the contract is tested in server/src). A request no
 * route answers is a 404 with a `{ message }`, as the server would send, and is recorded so
 * that a test sees what its component asked for.
 */
import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  /** The parsed JSON body, when there is one. */
  body: unknown;
}

/** A route's answer: a JSON value (200), or a status with its JSON body. */
export type StubAnswer = unknown | { status: number; json?: unknown };
type Handler = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

/** `{ status, json? }` and nothing else: a wire object may have a `status` of its own (a user's). */
const isStatusAnswer = (answer: unknown): answer is { status: number; json?: unknown } =>
  typeof answer === 'object' &&
  answer !== null &&
  !Array.isArray(answer) &&
  typeof (answer as { status?: unknown }).status === 'number' &&
  Object.keys(answer).every((key) => key === 'status' || key === 'json');

/** `stubFetch({ 'GET /api/channels': [channel] })`: installs the stub; returns what was asked. */
export function stubFetch(routes: Record<string, StubAnswer | Handler>): StubRequest[] {
  const requests: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://ruche.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname + url.search, body };
    requests.push(request);
    const route =
      routes[`${method} ${url.pathname + url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (route === undefined)
      return json(404, { message: `Aucune route de test pour ${method} ${url.pathname}` });
    const answer = typeof route === 'function' ? await (route as Handler)(request) : route;
    if (isStatusAnswer(answer))
      return answer.json === undefined
        ? new Response(null, { status: answer.status })
        : json(answer.status, answer.json);
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
