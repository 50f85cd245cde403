import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { CalendarClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/**
 * After « Supprimer mon compte » (docs/privacy.md): signed out everywhere, the person reads
 * when the account will be erased and that signing in before then cancels it.
 */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  const until = new URLSearchParams(window.location.search).get('until');
  const date = until && !Number.isNaN(Date.parse(until)) ? new Date(until) : null;
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4">
      <section
        aria-labelledby="account-deleted-title"
        className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg"
      >
        <div className="mb-4 flex items-center gap-3">
          <CalendarClockIcon aria-hidden className="size-8 shrink-0 text-muted-foreground" />
          <h1 id="account-deleted-title" className="font-bold text-2xl tracking-tight">
            {t('accountDeleted.title')}
          </h1>
        </div>
        <p className="text-sm" data-testid="deletion-notice">
          {date
            ? t('accountDeleted.when', {
                date: format(date, 'd MMMM yyyy à HH:mm', { locale: fr }),
              })
            : t('accountDeleted.soon')}
        </p>
        <p className="mt-2 text-muted-foreground text-sm">{t('accountDeleted.cancel')}</p>
        <Button asChild className="mt-6">
          <Link href="/login">{t('accountDeleted.signIn')}</Link>
        </Button>
      </section>
    </main>
  );
}
