import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/users';
import type { TokenStorage } from '@/lib/session-token';
import {
  type AppOidcDeps,
  finishAppSignIn,
  isSignedInLink,
  pkcePair,
  startAppSignIn,
} from './app-oidc';

/** Stand-ins: the system browser (Browser plugin), secure storage and the exchange call. */
function deps() {
  const items = new Map<string, string>();
  const log: string[] = [];
  const exchanged: unknown[] = [];
  const storage: TokenStorage = {
    getItem: async (k) => items.get(k) ?? null,
    setItem: async (k, v) => void items.set(k, v),
    removeItem: async (k) => void items.delete(k),
  };
  const value: AppOidcDeps = {
    serverOrigin: 'https://ruche.example.fr',
    browser: {
      open: async ({ url }) => void log.push(`open ${url}`),
      close: async () => void log.push('close'),
    },
    storage,
    exchange: async (body) => {
      exchanged.push(body);
      return { id: 'u1' } as User;
    },
    crypto: webcrypto as unknown as Crypto,
    platform: 'android',
  };
  return { deps: value, items, log, exchanged };
}

describe('OpenID Connect from the app', () => {
  it('makes an S256 pair (RFC 7636)', async () => {
    const { verifier, challenge } = await pkcePair(webcrypto as unknown as Crypto);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('opens the server’s sign-in in the system browser with the challenge, keeping the verifier', async () => {
    const { deps: d, items, log } = deps();
    await startAppSignIn(d);
    const verifier = items.get('ruche.oidc-verifier')!;
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    // The platform: the server brings the code back on its verified link for it, if it has one.
    expect(log).toEqual([
      `open https://ruche.example.fr/api/login?app_challenge=${challenge}&app_platform=android`,
    ]);
  });

  it('exchanges the returned code with the verifier, once, and closes the browser', async () => {
    const { deps: d, items, log, exchanged } = deps();
    await startAppSignIn(d);
    const verifier = items.get('ruche.oidc-verifier');
    const user = await finishAppSignIn(d, 'fr.ruche.app://signed-in?code=abc.def');
    expect(user?.id).toBe('u1');
    expect(exchanged).toEqual([{ code: 'abc.def', verifier }]);
    expect(log.at(-1)).toBe('close');
    expect(items.size).toBe(0);
    // A second return link finds no verifier: nothing is exchanged.
    expect(await finishAppSignIn(d, 'fr.ruche.app://signed-in?code=abc.def')).toBeNull();
    expect(exchanged).toHaveLength(1);
  });

  it('recognises only the sign-in return links: its server’s verified one, and the custom scheme', () => {
    const server = 'https://ruche.example.fr';
    expect(isSignedInLink('https://ruche.example.fr/app/signed-in?code=x', server)).toBe(true);
    expect(isSignedInLink('fr.ruche.app://signed-in?code=x', server)).toBe(true);
    expect(isSignedInLink('fr.ruche.app://signed-in-evil?code=x', server)).toBe(false);
    expect(isSignedInLink('https://ruche.example.fr/signed-in?code=x', server)).toBe(false);
    expect(isSignedInLink('https://ailleurs.example/app/signed-in?code=x', server)).toBe(false);
    expect(isSignedInLink('https://ruche.example.fr/app/signed-in/x?code=x', server)).toBe(false);
  });

  it('exchanges a code that came back on the server’s verified link', async () => {
    const { deps: d, items, exchanged } = deps();
    await startAppSignIn(d);
    const verifier = items.get('ruche.oidc-verifier');
    await finishAppSignIn(d, 'https://ruche.example.fr/app/signed-in?code=abc.def');
    expect(exchanged).toEqual([{ code: 'abc.def', verifier }]);
  });
});
