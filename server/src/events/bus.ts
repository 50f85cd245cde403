import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../db/client';

/**
 * The domain events, by name. Empty here on purpose: each feature declares the events it
 * publishes in its own `events.ts`, by declaration merging
 * (`declare module '../../events/bus' { interface DomainEvents { memberAdded: ... } }`),
 * so the bus names no feature and a new event edits no central file.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature's events.ts
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;
export type DomainEventHandler<K extends DomainEventName> = (
  payload: DomainEvents[K],
) => void | Promise<void>;

/** A step another feature adds to a write, inside that write's transaction. */
export type DomainStep<K extends DomainEventName> = (
  tx: Tx,
  payload: DomainEvents[K],
) => Promise<void>;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * In-process domain events, published after the transaction that made them has committed
 * (docs/product.md §10.15: a notification, a search entry or a file link caused by a message is made
 * off the send path). `publish` is a synchronous loop over the subscribers: the publisher
 * never awaits them, so a subscriber's work (and its failure) cannot slow down or fail the
 * request that published. A subscriber with async work starts it and returns.
 *
 * In-process only: every node publishes the events of the writes it made, so a subscriber
 * runs once per event across the cluster. Not durable: a crash between the commit and the
 * subscriber loses the side effect (what needs more should write an outbox row in the
 * transaction instead).
 *
 * What must commit with the write or not at all (a new account's notification preferences
 * and its place in the default channel) is a step instead: `within` subscribes one, and the
 * publisher awaits `runWithin` inside its transaction, where a step's failure rolls the
 * whole write back. Steps run in the order they were subscribed; keep them few and short
 * (they hold the transaction open).
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Array<DomainEventHandler<never>>>();
  private readonly steps = new Map<DomainEventName, Array<DomainStep<never>>>();

  constructor(private readonly log: Log) {}

  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as DomainEventHandler<never>);
    this.handlers.set(name, list);
  }

  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    const list = this.handlers.get(name);
    if (!list) return;
    for (const handler of list) {
      try {
        const done = (handler as DomainEventHandler<K>)(payload);
        if (done) done.catch((err: unknown) => this.failed(name, err));
      } catch (err) {
        this.failed(name, err);
      }
    }
  }

  within<K extends DomainEventName>(name: K, step: DomainStep<K>): void {
    const list = this.steps.get(name) ?? [];
    list.push(step as DomainStep<never>);
    this.steps.set(name, list);
  }

  async runWithin<K extends DomainEventName>(
    tx: Tx,
    name: K,
    payload: DomainEvents[K],
  ): Promise<void> {
    for (const step of this.steps.get(name) ?? []) await (step as DomainStep<K>)(tx, payload);
  }

  private failed(name: DomainEventName, err: unknown): void {
    this.log.warn({ err, event: name }, 'domain event subscriber failed');
  }
}
