import { AlertTriangleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { errorReference, logRenderError } from '@/lib/error-reference';

/**
 * Around a screen's content (docs/security.md, "Hostile content"): an error thrown while it
 * renders replaces that screen only; the rail, the sidebar and the navigation keep working,
 * and moving to another screen (or channel) tries again.
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={ScreenFallback}
      onError={logRenderError}
      resetKeys={[location]}
    >
      {children}
    </ErrorBoundary>
  );
}

function ScreenFallback({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  return (
    <div data-screen-ready="" className="flex flex-1 items-center justify-center p-4">
      <div role="alert" className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg">
        <div className="mb-3 flex items-center gap-3">
          <AlertTriangleIcon aria-hidden className="size-6 shrink-0 text-destructive" />
          <h2 className="font-semibold text-lg tracking-tight">{t('errors.screen.title')}</h2>
        </div>
        <p className="text-muted-foreground text-sm">{t('errors.screen.description')}</p>
        <Button variant="outline" className="mt-5" onClick={resetErrorBoundary}>
          {t('errors.screen.retry')}
        </Button>
        <p className="mt-4 text-muted-foreground text-xs">
          {t('common.crash.reference', { reference: errorReference(error) })}
        </p>
      </div>
    </div>
  );
}
