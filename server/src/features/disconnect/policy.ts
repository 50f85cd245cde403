import { eq } from 'drizzle-orm';
import {
  DEFAULT_DISCONNECT_POLICY,
  type DisconnectPolicy,
  type DisconnectPolicyInput,
  TIME_ZONE_UNKNOWN,
} from '#shared/disconnect';
import { safeTimeZone } from '#shared/french-dates';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { recordAudit } from '../audit';
import { forgetSchedule } from './schedules';
import { disconnectPolicy } from './schema';

/**
 * The instance's policy (docs/product.md, « Droit à la déconnexion »): read on every batch of
 * notifications, so kept a few seconds per store. A change on this node is seen at once; on
 * another node within POLICY_TTL_MS.
 */
const POLICY_TTL_MS = 5_000;
const cache = new WeakMap<Db, { policy: DisconnectPolicy; until: number }>();
/** Whether the policy holds before an administrator saved one (DISCONNECT_DEFAULT_ENABLED). */
const enabledByDefault = new WeakMap<Db, boolean>();

export function setDefaultEnabled(db: Db, enabled: boolean): void {
  enabledByDefault.set(db, enabled);
  cache.delete(db);
  forgetSchedule(db);
}

export async function getPolicy(db: Db): Promise<DisconnectPolicy> {
  const cached = cache.get(db);
  if (cached && cached.until > Date.now()) return cached.policy;
  const [row] = await db.select().from(disconnectPolicy).where(eq(disconnectPolicy.id, 1));
  const policy: DisconnectPolicy = row
    ? {
        enabled: row.enabled,
        defaultHours: { days: row.days, holidays: row.holidays },
        defaultTimeZone: row.timeZone,
        urgentAllowed: row.urgentAllowed,
      }
    : { ...DEFAULT_DISCONNECT_POLICY, enabled: enabledByDefault.get(db) ?? true };
  cache.set(db, { policy, until: Date.now() + POLICY_TTL_MS });
  return policy;
}

/** Saved with its audit entry in one transaction. */
export async function savePolicy(
  db: Db,
  actor: { id: string; address: string | null },
  input: DisconnectPolicyInput,
): Promise<DisconnectPolicy> {
  if (safeTimeZone(input.defaultTimeZone) !== input.defaultTimeZone) {
    throw badRequest(TIME_ZONE_UNKNOWN, { defaultTimeZone: [TIME_ZONE_UNKNOWN] });
  }
  const before = await getPolicy(db);
  const values = {
    enabled: input.enabled,
    days: input.defaultHours.days,
    holidays: input.defaultHours.holidays,
    timeZone: input.defaultTimeZone,
    urgentAllowed: input.urgentAllowed,
    updatedById: actor.id,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(disconnectPolicy)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: disconnectPolicy.id, set: values });
    await recordAudit(tx, {
      action: 'disconnect_policy.changed',
      actorId: actor.id,
      target: { type: 'instance', id: 'disconnect-policy' },
      address: actor.address,
      details: {
        enabled: input.enabled,
        urgentAllowed: input.urgentAllowed,
        defaultTimeZone: input.defaultTimeZone,
        ...(before.enabled !== input.enabled ? { wasEnabled: before.enabled } : {}),
      },
    });
  });
  cache.delete(db);
  // Schedules read with the former defaults go with them.
  forgetSchedule(db);
  return getPolicy(db);
}
