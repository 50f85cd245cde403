import type { ErrorInfo } from 'react';

/**
 * A short reference for an error that reached an error boundary: shown in its fallback and
 * logged with the error, so that a person can quote it and whoever reads the console finds
 * that error. The same error object always gets the same reference (the fallback renders
 * before the boundary's `onError` runs).
 */
const references = new WeakMap<object, string>();
let lastThrownValue: { value: unknown; reference: string } | null = null;

function newReference(): string {
  // getRandomValues, unlike randomUUID, exists on plain-http pages too.
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 4)}-${hex.slice(4)}`.toUpperCase();
}

export function errorReference(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const known = references.get(error);
    if (known) return known;
    const reference = newReference();
    references.set(error, reference);
    return reference;
  }
  // A thrown string or number: it cannot key a WeakMap; the last one is enough.
  if (lastThrownValue && Object.is(lastThrownValue.value, error)) return lastThrownValue.reference;
  lastThrownValue = { value: error, reference: newReference() };
  return lastThrownValue.reference;
}

/** An error boundary's `onError`: the error, its reference and where in the tree it was thrown. */
export function logRenderError(error: unknown, info: ErrorInfo): void {
  console.error(`Ruche: erreur d'affichage ${errorReference(error)}`, error, info.componentStack);
}
