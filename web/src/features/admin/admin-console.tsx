import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlertIcon } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthProviders } from '@/features/auth';
import { useSocketEvent } from '@/lib/socket-context';
import { cn } from '@/lib/utils';
import { ADMIN_AUDIT_KEY, ADMIN_USERS_KEY } from './api/admin-api';
import { ADMIN_SECTIONS } from './sections';

/**
 * /admin and /admin/{section} (issue 48 item 1): the administration console, for the
 * workspace's administrators; anyone else is told the page is not theirs. The sections come
 * from ADMIN_SECTIONS: a nav beside them on desktop, a row of tabs above them on phones.
 */
export function AdminConsole({ section }: { section: string | undefined }) {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const queryClient = useQueryClient();
  // Another administrator's act, on any node: the lists and the log are fetched again.
  useSocketEvent('admin_user_changed', () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    void queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
  });
  if (!providers.data) {
    return <Skeleton className="m-6 h-40" />;
  }
  if (!providers.data.isAdmin) return <AdminOnly />;
  const current = ADMIN_SECTIONS.find((s) => s.id === section) ?? ADMIN_SECTIONS[0];
  if (!current) return null;
  const { Screen } = current;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6 md:flex-row md:gap-8 md:py-10">
      <nav aria-label={t('adminConsole.nav')} className="shrink-0 md:w-56">
        <h1 className="mb-4 font-bold text-2xl tracking-tight">{t('adminConsole.title')}</h1>
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {ADMIN_SECTIONS.map((s) => {
            const Icon = s.icon;
            const active = s.id === current.id;
            return (
              <li key={s.id} className="shrink-0">
                <Link
                  href={`/admin/${s.id}`}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 font-medium text-sm outline-none transition hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                    active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                  )}
                >
                  <Icon aria-hidden className="size-4" />
                  {t(s.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="admin-section-title" className="min-w-0 flex-1">
        <h2 id="admin-section-title" className="mb-4 font-semibold text-xl tracking-tight">
          {t(current.label)}
        </h2>
        <Suspense fallback={<Skeleton className="h-40" />}>
          <Screen />
        </Suspense>
      </section>
    </div>
  );
}

/** A member who opens /admin: the page is not theirs (the server answers 403 to its routes). */
function AdminOnly() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <section
        aria-labelledby="admin-only-title"
        className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg"
      >
        <div className="mb-4 flex items-center gap-3">
          <ShieldAlertIcon aria-hidden className="size-8 shrink-0 text-muted-foreground" />
          <h1 id="admin-only-title" className="font-bold text-2xl tracking-tight">
            {t('adminConsole.forbidden.title')}
          </h1>
        </div>
        <p className="text-muted-foreground text-sm">{t('adminConsole.forbidden.hint')}</p>
        <Button asChild className="mt-6">
          <Link href="/">{t('notFound.backToMessages')}</Link>
        </Button>
      </section>
    </div>
  );
}
