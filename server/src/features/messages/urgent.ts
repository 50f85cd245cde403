import type { EventBus } from '../../events/bus';
import type { Deps } from '../deps';

/**
 * Whether a sender may mark a message urgent (docs/product.md, « Droit à la déconnexion »):
 * decided by the feature that owns the policy, registered per app (its event bus) so that
 * this feature names none. It throws (403) to refuse. Nothing registered: allowed.
 */
export type UrgentCheck = (deps: Deps, userId: string, channelId: string) => Promise<void>;

const checks = new WeakMap<EventBus, UrgentCheck>();

export function registerUrgentCheck(events: EventBus, check: UrgentCheck): void {
  checks.set(events, check);
}

export async function checkUrgent(deps: Deps, userId: string, channelId: string): Promise<void> {
  await checks.get(deps.events)?.(deps, userId, channelId);
}
