import { toast } from '@/components/ui/use-toast';
import { ApiError, isUnauthorized } from './api';

/**
 * docs/product.md §8 failure toast: the server's own message when it gave one, else the fallback text.
 * A 401 shows nothing here: lib/query-client.ts already toasts and sends to sign-in.
 */
export function toastFailure(error: unknown, title: string, fallback: string): void {
  if (isUnauthorized(error)) return;
  const description = (error instanceof ApiError && error.serverMessage) || fallback;
  toast({ variant: 'destructive', title, description });
}
