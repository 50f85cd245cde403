import { CompassIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '#shared/users';
import { Button } from '@/components/ui/button';

// The shell loads with this page, not in the router's chunk: the entry stays as light as the
// landing page's budget asks (web/src/app/bundle-budget.test.ts).
const AppLayout = lazy(() =>
  import('./layout/app-layout').then((module) => ({ default: module.AppLayout })),
);

/**
 * docs/product.md §2: any other path. Signed in, the page sits inside the shell (rail, channel
 * list, phone bars), so every way out stays at hand; signed out, it stands alone and leads
 * back to the landing page. French only (issue 45, item 8).
 */
export function NotFoundPage({ user }: { user: User | null }) {
  if (!user) {
    return (
      <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4">
        <NotFoundCard user={null} />
      </main>
    );
  }
  return (
    <Suspense fallback={null}>
      <AppLayout user={user}>
        <div className="flex flex-1 items-center justify-center p-4">
          <NotFoundCard user={user} />
        </div>
      </AppLayout>
    </Suspense>
  );
}

function NotFoundCard({ user }: { user: User | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="not-found-title"
      className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg"
    >
      <div className="mb-4 flex items-center gap-3">
        <CompassIcon aria-hidden className="size-8 shrink-0 text-muted-foreground" />
        <h1 id="not-found-title" className="font-bold text-2xl tracking-tight">
          {t('notFound.title')}
        </h1>
      </div>
      <p className="break-words text-muted-foreground text-sm">
        {t('notFound.hint', { path: window.location.pathname })}
      </p>
      <Button asChild className="mt-6">
        <Link href="/">{t(user ? 'notFound.backToMessages' : 'notFound.backHome')}</Link>
      </Button>
    </section>
  );
}
