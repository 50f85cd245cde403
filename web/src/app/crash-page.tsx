import type { FallbackProps } from 'react-error-boundary';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { translate as t } from '@/lib/entry-catalogue';
import { errorReference } from '@/lib/error-reference';

/**
 * The root error boundary's page (main.tsx): what is left when an error escaped every other
 * boundary. Shown by the entry, so its text comes from the entry's catalogue (no i18next).
 */
export function CrashPage({ error }: FallbackProps) {
  return (
    <main
      data-screen-ready=""
      className="flex min-h-dvh items-center justify-center bg-background p-4 text-foreground"
    >
      <div role="alert" className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg">
        <LogoMark className="mb-4 size-10" />
        <h1 className="font-bold text-xl tracking-tight">{t('common.crash.title')}</h1>
        <p className="mt-2 text-muted-foreground text-sm">{t('common.crash.description')}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {t('common.crash.reload')}
        </Button>
        <p className="mt-4 text-muted-foreground text-xs">
          {t('common.crash.reference', { reference: errorReference(error) })}
        </p>
      </div>
    </main>
  );
}
