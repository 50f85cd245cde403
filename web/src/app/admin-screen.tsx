import type { User } from '#shared/users';
import { AdminConsole } from '@/features/admin';
import { AppLayout } from './layout/app-layout';

/** /admin and /admin/{section}: the administration console, full width in the signed-in layout. */
export function AdminScreen({ user, section }: { user: User; section?: string | undefined }) {
  return (
    <AppLayout user={user} showSidebar={false}>
      <AdminConsole section={section} />
    </AppLayout>
  );
}
