import type { FastifyRequest } from 'fastify';
import type { ScopedIdentity } from './identity';
import type { ScopedIdentifier, TokenCarrier } from './realtime';

/**
 * Who an upgrade without a session is: the identifiers the features declared
 * (Realtime.identifyScoped, a guest's token), asked in turn, and where their tokens come
 * (upgrade-gate.ts refuses an upgrade that carries none).
 */
export class ScopedIdentifiers {
  private readonly identifiers: ScopedIdentifier[] = [];
  readonly carriers: TokenCarrier[] = [];

  add(identifier: ScopedIdentifier, carrier: TokenCarrier): void {
    this.identifiers.push(identifier);
    this.carriers.push(carrier);
  }

  /** The first identifier to know the request wins. */
  async identify(request: FastifyRequest): Promise<ScopedIdentity | undefined> {
    for (const identify of this.identifiers) {
      const identity = await identify(request);
      if (identity) return identity;
    }
    return undefined;
  }
}
