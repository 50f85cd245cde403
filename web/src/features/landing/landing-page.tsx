import {
  ArrowRightIcon,
  BellRingIcon,
  type LucideIcon,
  MessagesSquareIcon,
  RadioIcon,
  SearchIcon,
  ShieldCheckIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { Logo } from '@/components/brand/logo';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { goToLogin } from '@/lib/api';
import { translate as t } from '@/lib/entry-catalogue';
import { AppPreview } from './app-preview';

/** docs/product.md §2: six cards, in this order. */
const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'messaging', icon: MessagesSquareIcon },
  { key: 'teams', icon: UsersRoundIcon },
  { key: 'presence', icon: RadioIcon },
  { key: 'secure', icon: ShieldCheckIcon },
  { key: 'search', icon: SearchIcon },
  { key: 'notifications', icon: BellRingIcon },
];

/**
 * docs/product.md §2: the signed-out landing page; both buttons go to /api/login by full navigation,
 * « Commencer » with `signup=1`, which opens the sign-up form.
 * The entry's screen: its text comes through the entry catalogue, not i18next.
 */
export function LandingPage() {
  return (
    <div className="relative min-h-dvh overflow-x-hidden bg-background">
      <div
        aria-hidden
        className="landing-glow pointer-events-none absolute inset-x-0 top-0 h-[780px]"
      />
      <div
        aria-hidden
        className="bg-honeycomb landing-fade pointer-events-none absolute inset-x-0 top-0 h-[780px]"
      />

      <header className="relative z-20">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
          <Logo label={t('common.appName')} className="text-lg" />
          <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
            <LanguageSwitcher />
            <Button
              onClick={() => goToLogin()}
              variant="outline"
              className="bg-transparent px-3 sm:px-4 dark:bg-transparent"
            >
              {t('landing.nav.signIn')}
            </Button>
          </div>
        </div>
      </header>

      <main className="relative">
        <section className="mx-auto grid max-w-6xl justify-items-center gap-14 px-4 pt-14 pb-20 text-center sm:px-6 md:pt-20 lg:pt-24 lg:pb-28">
          <div className="grid max-w-5xl justify-items-center gap-6">
            <h1 className="text-balance font-bold text-4xl leading-[1.08] tracking-tight sm:text-5xl lg:text-6xl">
              <span className="block">{t('landing.hero.titleLine1')}</span>
              <span className="text-honey block pb-1">{t('landing.hero.titleLine2')}</span>
            </h1>
            <p className="text-balance font-medium text-foreground/90 text-lg sm:text-xl">
              {t('landing.hero.subtitle')}
            </p>
            <p className="max-w-2xl text-balance text-base text-muted-foreground leading-relaxed">
              {t('landing.hero.description')}
            </p>
            <Button
              onClick={() => goToLogin(undefined, { signUp: true })}
              size="lg"
              className="group mt-2 h-12 px-7 shadow-lg shadow-primary/25"
            >
              {t('landing.hero.getStarted')}
              <ArrowRightIcon
                aria-hidden
                className="transition-transform group-hover:translate-x-0.5"
              />
            </Button>
          </div>
          <AppPreview />
        </section>

        <section aria-labelledby="features-title" className="relative border-t bg-card/30 py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto mb-12 grid max-w-2xl gap-3 text-center">
              <h2 id="features-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
                {t('landing.features.title')}
              </h2>
              <p className="text-muted-foreground">{t('landing.features.subtitle')}</p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ key, icon: Icon }) => (
                <li
                  key={key}
                  className="group relative overflow-hidden rounded-2xl border bg-card p-6 transition-colors hover:border-primary/40"
                >
                  <div
                    aria-hidden
                    className="pointer-events-none absolute -top-16 -right-16 size-40 rounded-full bg-primary/10 opacity-0 blur-2xl transition-opacity group-hover:opacity-100"
                  />
                  <div className="hex-badge mb-5 flex size-12 items-center justify-center bg-primary/15 text-primary">
                    <Icon aria-hidden className="size-5" />
                  </div>
                  <h3 className="mb-2 font-semibold text-lg">
                    {t(`landing.features.${key}.title`)}
                  </h3>
                  <p className="text-muted-foreground text-sm leading-relaxed">
                    {t(`landing.features.${key}.description`)}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t py-8">
        <p className="mx-auto max-w-6xl px-4 text-center text-muted-foreground text-sm sm:px-6">
          {t('landing.footer', { year: new Date().getFullYear() })}
        </p>
      </footer>
    </div>
  );
}
