import { lazy, Suspense } from 'react';
import type { User } from '#shared/users';
import { AppLayout } from './layout/app-layout';

const MyDayPage = lazy(() =>
  import('@/features/my-day/components/my-day-page').then((m) => ({ default: m.MyDayPage })),
);

/** /ma-journee: the person's day, beside the channel list. */
export function MyDayScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user}>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Suspense fallback={null}>
          <MyDayPage userId={user.id} />
        </Suspense>
      </div>
    </AppLayout>
  );
}
