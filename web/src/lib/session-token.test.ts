import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenStorage } from './session-token';

/** A storage with the plugin's shape, kept in a map. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: TokenStorage = {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, value),
    removeItem: async (key) => void items.delete(key),
  };
  return { storage, items };
}

/** The module afresh: its state is the page's. */
const load = async () => {
  vi.resetModules();
  return import('./session-token');
};

describe('the session token (docs/mobile.md)', () => {
  beforeEach(() => vi.resetModules());

  it('does nothing in the browser build: no header, no subprotocol, nothing kept', async () => {
    const tokens = await load();
    expect(tokens.sessionHeaders()).toEqual({});
    expect(tokens.socketProtocols()).toEqual([]);
    await tokens.keepIssuedToken(new Headers({ 'X-Session-Token': 'jeton' }));
    expect(tokens.sessionHeaders()).toEqual({});
  });

  it('asks for a token, keeps the one a sign-in answers with, and sends it', async () => {
    const tokens = await load();
    const { storage, items } = memoryStorage();
    await tokens.restoreSessionToken(async () => storage);
    expect(tokens.sessionHeaders()).toEqual({ 'X-Session-Transport': 'bearer' });
    expect(tokens.socketProtocols()).toEqual([]);
    await tokens.keepIssuedToken(new Headers());
    expect(items.size).toBe(0);
    await tokens.keepIssuedToken(new Headers({ 'X-Session-Token': 'jeton-1' }));
    expect(tokens.sessionHeaders()).toEqual({
      'X-Session-Transport': 'bearer',
      Authorization: 'Bearer jeton-1',
    });
    expect(tokens.socketProtocols()).toEqual(['ruche', 'bearer.jeton-1']);
    expect([...items.values()]).toEqual(['jeton-1']);
  });

  it('finds the token kept by the last run, and forgets it at sign-out', async () => {
    const first = await load();
    const { storage, items } = memoryStorage();
    await first.restoreSessionToken(async () => storage);
    await first.keepIssuedToken(new Headers({ 'X-Session-Token': 'jeton-2' }));
    const next = await load();
    await next.restoreSessionToken(async () => storage);
    expect(next.sessionHeaders().Authorization).toBe('Bearer jeton-2');
    await next.forgetSessionToken();
    expect(next.sessionHeaders().Authorization).toBeUndefined();
    expect(items.size).toBe(0);
  });
});
