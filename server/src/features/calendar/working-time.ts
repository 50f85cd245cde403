import type { Db } from '../../db/client';
import { workingIntervals } from '../disconnect/service';

export interface TimeSpan {
  start: Date;
  end: Date;
}

/**
 * A person's working time between two instants: what the slot finder intersects. The right to
 * disconnect owns it (docs/product.md, « Droit à la déconnexion »): the person's own week or
 * the instance's default (Monday–Friday 09:00–18:00), in their time zone, French public
 * holidays and their time off removed.
 */
export function workingTimeOf(db: Db, userId: string, from: Date, to: Date): Promise<TimeSpan[]> {
  return workingIntervals(db, userId, from, to);
}
