import { lazy, Suspense } from 'react';
import type { User } from '#shared/users';
import { AppLayout } from './layout/app-layout';

const RemindersPage = lazy(() =>
  import('@/features/reminders/components/reminders-page').then((m) => ({
    default: m.RemindersPage,
  })),
);

/** /rappels: one's reminders and scheduled messages, beside the channel list. */
export function RemindersScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user}>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Suspense fallback={null}>
          <RemindersPage />
        </Suspense>
      </div>
    </AppLayout>
  );
}
