import type { User } from '#shared/users';
import { CalendarPage } from '@/features/calendar';
import { AppLayout } from './layout/app-layout';

/** docs/product.md §2: /calendar, full width in the signed-in layout. */
export function CalendarScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user} showSidebar={false}>
      <CalendarPage />
    </AppLayout>
  );
}
