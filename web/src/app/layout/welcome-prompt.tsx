import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/brand/logo';

/** docs/product.md §2: shown in the main area while no channel is selected. */
export function WelcomePrompt() {
  const { t } = useTranslation();
  return (
    // No channel: the screen is up without a list (web/boot/last-screen.ts).
    <div data-screen-ready="" className="flex h-full flex-1 items-center justify-center p-6">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <div className="relative">
          <div aria-hidden className="absolute inset-0 rounded-full bg-primary/25 blur-2xl" />
          <LogoMark className="relative size-20" />
        </div>
        <h1 className="font-semibold text-2xl tracking-tight">{t('layout.welcomePrompt.title')}</h1>
        <p className="text-muted-foreground leading-relaxed">
          {t('layout.welcomePrompt.description')}
        </p>
      </div>
    </div>
  );
}
