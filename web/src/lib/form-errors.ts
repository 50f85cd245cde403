import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Put a failed call's field errors (400 `errors`) on the form's fields and return the
 * server's own message for the form, or null when there is none to show; '' when that
 * message is already under one of the fields (a weak password: said once, not twice).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return null;
  let shown = false;
  for (const field of fields) {
    const message = error.body?.errors?.[field]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message });
    if (message === error.serverMessage) shown = true;
  }
  return shown ? '' : (error.serverMessage ?? null);
}
