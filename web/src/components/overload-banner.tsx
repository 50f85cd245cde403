import { useTranslation } from 'react-i18next';
import { useOverloadNotice } from '@/lib/overload-notice';

/** Shown while a request or the socket waits to try again an overloaded server (lib/api.ts). */
export function OverloadBanner() {
  const { t } = useTranslation();
  const waiting = useOverloadNotice();
  if (!waiting) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-0 z-50 flex items-center justify-center gap-2 border-away/30 border-b bg-background/95 px-4 py-1.5 text-away text-xs backdrop-blur"
    >
      <span className="size-1.5 animate-pulse rounded-full bg-away" aria-hidden />
      {t('overload.retrying')}
    </p>
  );
}
