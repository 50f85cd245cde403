import type { Db } from '../../db/client';
import { isAvailable } from '../disconnect/service';

/** Whether the person may be sent something at `at` (their working hours, their time off). */
export type Availability = (db: Db, userId: string, at: Date) => Promise<boolean>;

/**
 * The right to disconnect (docs/product.md, « Droit à la déconnexion »): the e-mail stays quiet
 * outside the person's working hours — a held e-mail goes at the first tick once they are
 * available. With the instance's policy off, everyone is available.
 */
export const digestAvailability: Availability = async (db, userId, at) =>
  (await isAvailable(db, userId, at)).available;
