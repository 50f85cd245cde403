import type { User } from '#shared/users';
import { CalendarSettingsPage } from '@/features/calendar';
import { AppLayout } from './layout/app-layout';

/** docs/product.md §2: /calendar-settings, the calendar connections. */
export function CalendarSettingsScreen({ user }: { user: User }) {
  return (
    <AppLayout user={user} showSidebar={false}>
      <CalendarSettingsPage />
    </AppLayout>
  );
}
