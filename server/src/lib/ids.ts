import { notFound } from './errors';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_RE.test(value);

/** A path id that cannot exist answers like an unknown one: 404, not a database error. */
export function idParam(value: unknown, message: string): string {
  if (!isUuid(value)) throw notFound(message);
  return value.toLowerCase();
}
