import '@/lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '#shared/users';
import { OverloadBanner } from '@/components/overload-banner';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CURRENT_USER_KEY } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { Router } from './router';

/** The app: query cache, tooltips, toasts and the route table. `initialUser`: known already. */
export function App({ initialUser }: { initialUser?: User }) {
  // Seeded once, before the first render, so that the router does not ask again.
  useState(() => {
    if (initialUser) queryClient.setQueryData(CURRENT_USER_KEY, initialUser);
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <OverloadBanner />
        <Router />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
