// oidc-provider ships no types: the little of its API the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  }

  export interface Configuration {
    findAccount?(ctx: unknown, id: string): Account | undefined | Promise<Account | undefined>;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
