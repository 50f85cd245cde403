import { MonitorIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  askDesktopPermission,
  bannerDismissed,
  desktopPermission,
  dismissBanner,
} from '../lib/desktop';

/**
 * Offers desktop notifications inside the bell's list, once the user opened it: never a
 * permission prompt at first load. Dismissed for good with "Plus tard".
 */
export function DesktopBanner() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(
    () => bannerDismissed() || desktopPermission() !== 'default',
  );
  if (hidden) return null;
  const close = () => {
    dismissBanner();
    setHidden(true);
  };
  return (
    <div className="flex gap-3 border-b bg-muted/40 px-4 py-3" data-testid="desktop-banner">
      <MonitorIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid flex-1 gap-2">
        <div className="grid gap-0.5">
          <p className="font-medium text-sm">{t('notifications.desktop.bannerTitle')}</p>
          <p className="text-muted-foreground text-xs">{t('notifications.desktop.bannerText')}</p>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            onClick={async () => {
              await askDesktopPermission();
              setHidden(true);
            }}
          >
            {t('notifications.desktop.enable')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={close}>
            {t('notifications.desktop.dismiss')}
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={close}
        aria-label={t('notifications.desktop.dismiss')}
        className="size-6 cursor-pointer self-start rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon aria-hidden className="mx-auto size-4" />
      </button>
    </div>
  );
}
