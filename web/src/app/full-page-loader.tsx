import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/brand/logo';

/** While the current user loads on a signed-in-only route. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className="flex min-h-dvh items-center justify-center"
    >
      <LogoMark className="size-12 animate-pulse" />
    </div>
  );
}
