import { LogoMark } from '@/components/brand/logo';
import { translate as t } from '@/lib/entry-catalogue';

/** While the current user, or a screen's chunk, loads. Shown by the entry too (no i18next). */
export function FullPageLoader() {
  return (
    <div
      role="status"
      data-full-page-loader=""
      aria-label={t('common.loading')}
      className="flex min-h-dvh items-center justify-center"
    >
      <LogoMark className="size-12 animate-pulse" />
    </div>
  );
}
