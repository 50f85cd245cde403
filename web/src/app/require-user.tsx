import { type ReactNode, useEffect } from 'react';
import type { User } from '#shared/users';
import { currentPath, goToLogin, useCurrentUser } from '@/features/auth';
import { FullPageLoader } from './full-page-loader';

/** Signed-in routes (docs/product.md §2 route table): a signed-out visitor is sent to sign in. */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (!isLoading && !user) goToLogin(currentPath());
  }, [isLoading, user]);
  if (!user) return <FullPageLoader />;
  return <>{children(user)}</>;
}
