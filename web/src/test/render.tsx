/**
 * Renders a component as the app mounts it (web/src/app/app.tsx): a query client with the
 * app's defaults (docs/product.md §7) but its own cache, tooltips, toasts, and a router at a
 * given address.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { User } from '#shared/users';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CURRENT_USER_KEY } from '@/features/auth';
import { LiveQueryClient } from '@/lib/live-query-client';
import { queryClient as appQueryClient } from '@/lib/query-client';

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The addresses the app navigated to, oldest first. */
  history: string[];
}

export interface RenderOptions {
  path?: string;
  /** Signed in as this person: the app shows its screens only once it knows who (require-user.tsx). */
  signedInAs?: User;
}

export function renderApp(
  ui: ReactElement,
  { path = '/', signedInAs }: RenderOptions = {},
): Rendered {
  const queryClient = new LiveQueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  if (signedInAs) queryClient.setQueryData(CURRENT_USER_KEY, signedInAs);
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router hook={location.hook}>{ui}</Router>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient, history: location.history ?? [] };
}
