import { type OidcTestProvider, startOidcProvider } from './oidc-provider';
import { freePort, startTestServer, type TestServer } from './server';

// Apart from oidc-provider.ts, which the end-to-end specs import without the server's app.
/**
 * A provider and a Ruche server that signs in through it: the provider listens first so that
 * Ruche knows its issuer; Ruche discovers it lazily at the first sign-in, by which time the
 * provider knows Ruche's redirect URI. `env` adds to the server's settings (LOCAL_AUTH…).
 */
export async function startServerWithOidc(
  env: Record<string, string> = {},
): Promise<{ provider: OidcTestProvider; server: TestServer }> {
  const provider = await startOidcProvider();
  const port = await freePort();
  const server = await startTestServer({
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      ...env,
    },
  });
  provider.register(`${server.url}/api/callback`);
  return { provider, server };
}
