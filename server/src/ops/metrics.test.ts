/**
 * GET /metrics (docs/operations.md): off by default, on for loopback scrapers or for the
 * bearer of METRICS_TOKEN, and what it says parses as Prometheus text with the series the
 * operations guide names.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { buildUser } from '../../test/factories';
import { histogramOf, parseMetrics, sampleValue } from '../../test/prometheus';
import { startTestServer, type TestServer } from '../../test/server';
import { createChannel, sendMessage, socketOpener } from '../../test/test-socket';
import { loadConfig } from '../config';
import { Metrics } from '../lib/metrics';

const TOKEN = 'jeton-de-test-assez-long-0123456789';

let off: TestServer;
let loopback: TestServer;
let token: TestServer;
beforeAll(async () => {
  [off, loopback, token] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { METRICS: 'loopback' } }),
    startTestServer({ env: { METRICS: 'token', METRICS_TOKEN: TOKEN } }),
  ]);
});
afterAll(() => Promise.all([off?.close(), loopback?.close(), token?.close()]));
const open = socketOpener(() => loopback);

const scrape = (server: TestServer, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/metrics`, { headers });

describe('GET /metrics access', () => {
  it('is off by default: answered like a route that does not exist', async () => {
    const res = await scrape(off);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Route introuvable : GET /metrics' });
  });

  it('METRICS=loopback: a local scraper reads it, a client relayed by a local proxy does not', async () => {
    const res = await scrape(loopback);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const relayed = await scrape(loopback, { [header]: '203.0.113.7' });
      expect(relayed.status).toBe(404);
    }
  });

  it('METRICS=token: only the bearer of METRICS_TOKEN', async () => {
    const none = await scrape(token);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toEqual({ message: 'Jeton de métriques manquant ou invalide' });
    expect((await scrape(token, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape(token, { authorization: TOKEN })).status).toBe(401);
    const ok = await scrape(token, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(parseMetrics(await ok.text()).get('ruche_send_ack_seconds')?.type).toBe('histogram');
  });
});

describe('GET /metrics content', () => {
  it('parses as Prometheus text and carries the named series', async () => {
    const [alice, bob] = await Promise.all([buildUser(loopback), buildUser(loopback)]);
    const channel = await createChannel(alice);
    await bob.client.post(`/api/channels/${channel.id}/join`);
    const [a, b] = await Promise.all([open(alice), open(bob)]);
    const clientId = randomUUID();
    a.send({
      type: 'send_message',
      channelId: channel.id,
      clientId,
      message: { content: 'mesuré' },
    });
    await a.next((e: ServerEvent) => e.type === 'message_ack' && e.clientId === clientId);
    await b.next((e: ServerEvent) => e.type === 'new_message');
    await sendMessage(bob, channel.id, 'par HTTP');
    await alice.client.get(`/api/channels/${channel.id}/messages`);
    await fetch(`${loopback.url}/api/nothing-here`);

    const families = parseMetrics(await (await scrape(loopback)).text());
    const get = (name: string) => {
      const family = families.get(name);
      if (!family) throw new Error(`no ${name} in /metrics`);
      return family;
    };

    // HTTP latency per route pattern, never the raw URL.
    const http = get('ruche_http_request_duration_seconds');
    expect(http.type).toBe('histogram');
    const pattern = '/api/channels/:id/messages';
    const list = histogramOf(http, { method: 'GET', route: pattern, status_class: '2xx' });
    expect(list?.count).toBeGreaterThanOrEqual(1);
    expect(
      histogramOf(http, { method: 'POST', route: pattern, status_class: '2xx' }),
    ).toBeDefined();
    expect(histogramOf(http, { route: 'unmatched', status_class: '4xx' })).toBeDefined();
    expect(http.samples.some((s) => s.labels.route?.includes(channel.id))).toBe(false);

    // The event loop and the process, prom-client's own.
    expect(get('nodejs_eventloop_lag_p99_seconds').type).toBe('gauge');
    expect(get('process_resident_memory_bytes').type).toBe('gauge');

    // The store's pools: what is in use, what waits.
    for (const name of [
      'ruche_store_pool_size',
      'ruche_store_connections_in_use',
      'ruche_store_waiting',
    ]) {
      expect(sampleValue(get(name), { pool: 'pool' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(get(name), { pool: 'pipeline' })).toBeGreaterThanOrEqual(0);
    }
    expect(sampleValue(get('ruche_store_pool_size'), { pool: 'pipeline' })).toBe(1);
    if (loopback.database.kind === 'embedded') {
      expect(sampleValue(get('ruche_store_embedded_queue'))).toBeGreaterThanOrEqual(0);
    }

    // Sockets, frames in and out, deliveries, the send-to-ack time.
    expect(sampleValue(get('ruche_ws_sockets_open'))).toBe(2);
    expect(sampleValue(get('ruche_ws_frames_received_total'))).toBeGreaterThanOrEqual(1);
    expect(sampleValue(get('ruche_ws_frames_sent_total'))).toBeGreaterThanOrEqual(3);
    expect(sampleValue(get('ruche_ws_deliveries_total'))).toBeGreaterThanOrEqual(4);
    const ack = histogramOf(get('ruche_send_ack_seconds'));
    expect(ack?.count).toBe(1);
    expect(ack?.sum).toBeGreaterThan(0);

    // Declared for what counts them: the Redis broker, load shedding, the drain.
    expect(get('ruche_broker_lag_seconds').type).toBe('histogram');
    expect(get('ruche_shed_requests_total').type).toBe('counter');
    expect(sampleValue(get('ruche_draining'))).toBe(0);
  });

  it('counts shed requests by reason, for the load shedding that calls it', async () => {
    const local = new Metrics();
    local.countShed();
    local.countShed('sockets');
    const families = parseMetrics(await local.render());
    const shed = families.get('ruche_shed_requests_total');
    expect(sampleValue(shed, { reason: 'overload' })).toBe(1);
    expect(sampleValue(shed, { reason: 'sockets' })).toBe(1);
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(40) };

  it('is off by default, and every mode says who may read', () => {
    expect(loadConfig(base).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS: 'loopback' }).metrics).toEqual({ access: 'loopback' });
    expect(loadConfig({ ...base, METRICS: 'token', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      access: 'token',
      token: TOKEN,
    });
  });

  it('refuses a token mode without a token, and a token that would do nothing', () => {
    expect(() => loadConfig({ ...base, METRICS: 'token' })).toThrow(/METRICS_TOKEN: requis/);
    expect(() => loadConfig({ ...base, METRICS: 'token', METRICS_TOKEN: 'court' })).toThrow(
      /au moins 16/,
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: TOKEN })).toThrow(/sans effet/);
    expect(() => loadConfig({ ...base, METRICS: 'on' })).toThrow(/METRICS/);
  });

  it('drains for 25 s by default, DRAIN_TIMEOUT_MS otherwise', () => {
    expect(loadConfig(base).drainTimeoutMs).toBe(25_000);
    expect(loadConfig({ ...base, DRAIN_TIMEOUT_MS: '5000' }).drainTimeoutMs).toBe(5000);
  });
});
