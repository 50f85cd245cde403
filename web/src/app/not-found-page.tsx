import { AlertCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** docs/product.md §2: any other path. The title and hint are the product's own words. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4">
      <div className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg">
        <div className="mb-4 flex items-center gap-3">
          <AlertCircleIcon aria-hidden className="size-8 shrink-0 text-destructive" />
          <h1 className="font-bold text-2xl tracking-tight">{t('notFound.title')}</h1>
        </div>
        <p className="text-muted-foreground text-sm">{t('notFound.hint')}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">{t('notFound.backHome')}</Link>
        </Button>
      </div>
    </main>
  );
}
