import { eq } from 'drizzle-orm';
import { INSTANCE_NAME_DEFAULT, type InstanceNameSource } from '#shared/admin';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { instanceSettings } from './schema';

export interface InstanceName {
  name: string;
  source: InstanceNameSource;
}

const named = (
  row: { name: string } | undefined,
  config: Pick<Config, 'instanceName'>,
): InstanceName => {
  if (row) return { name: row.name, source: 'console' };
  if (config.instanceName) return { name: config.instanceName, source: 'environment' };
  return { name: INSTANCE_NAME_DEFAULT, source: 'default' };
};

/**
 * The instance's name (docs/product.md §2.27, « Instance »): the console's choice once an
 * administrator made one, else INSTANCE_NAME, else « Ruche ». Read at each use, so every node
 * follows a change at once.
 */
export async function instanceName(
  db: Db | Tx,
  config: Pick<Config, 'instanceName'>,
): Promise<InstanceName> {
  const [row] = await db
    .select({ name: instanceSettings.name })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, 1));
  return named(row, config);
}

/** PUT /api/admin/instance: the console's name, with the one it replaced (for the audit). */
export async function saveInstanceName(
  tx: Tx,
  config: Pick<Config, 'instanceName'>,
  name: string,
  adminId: string,
): Promise<{ before: InstanceName; after: InstanceName }> {
  // Locked while it is replaced: two administrators renaming at once each record a true « before ».
  const [row] = await tx
    .select({ name: instanceSettings.name })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, 1))
    .for('update');
  const values = { name, updatedById: adminId, updatedAt: new Date() };
  await tx
    .insert(instanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: instanceSettings.id, set: values });
  return { before: named(row, config), after: { name, source: 'console' } };
}
