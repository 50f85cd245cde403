import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Put a failed call's field errors (400 `errors`) on the form's fields and return the
 * server's own message for the form, or null when there is none to show.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return null;
  for (const field of fields) {
    const message = error.body?.errors?.[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
  return error.serverMessage ?? null;
}
