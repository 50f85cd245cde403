import { ArrowLeftIcon, KeyRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LogoMark } from '@/components/brand/logo';
import { FormError } from '@/components/form-field';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useAuthProviders } from '@/features/auth/api/get-auth-providers';
import { goToLogin } from '@/features/auth/navigation';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** The built-in sign-in page that /api/login leads to when no OIDC provider is configured. */
export function LoginPage() {
  const { t } = useTranslation();
  const providers = useAuthProviders();

  return (
    <div className="relative flex min-h-dvh flex-col bg-background">
      <div
        aria-hidden
        className="landing-glow pointer-events-none absolute inset-x-0 top-0 h-[520px]"
      />
      <header className="relative z-10 mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Button asChild variant="ghost" size="sm" className="-ml-2 text-muted-foreground">
          <Link href="/">
            <ArrowLeftIcon aria-hidden />
            {t('common.backHome')}
          </Link>
        </Button>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="relative z-10 flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="mb-8 grid justify-items-center gap-3 text-center">
            <LogoMark className="size-12" />
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t('auth.title')}</h1>
            <p className="text-muted-foreground text-sm">{t('auth.subtitle')}</p>
          </div>
          <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-black/20 sm:p-7">
            {providers.isPending ? (
              <div className="grid gap-4" aria-busy="true">
                <Skeleton className="h-10" />
                <Skeleton className="h-9" />
                <Skeleton className="h-9" />
                <Skeleton className="h-11" />
              </div>
            ) : providers.isError ? (
              <FormError message={t('auth.errors.providers')} />
            ) : (
              <>
                {providers.data.local ? <LocalAuthTabs /> : null}
                {providers.data.oidc ? <OidcEntry withDivider={providers.data.local} /> : null}
              </>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}

function LocalAuthTabs() {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="sign-in" className="grid gap-6">
      <TabsList className="w-full">
        <TabsTrigger value="sign-in">{t('auth.tabs.signIn')}</TabsTrigger>
        <TabsTrigger value="sign-up">{t('auth.tabs.signUp')}</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        <SignInForm />
      </TabsContent>
      <TabsContent value="sign-up">
        <SignUpForm />
      </TabsContent>
    </Tabs>
  );
}

function OidcEntry({ withDivider }: { withDivider: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      {withDivider ? (
        <div className="mt-2 flex items-center gap-3 text-muted-foreground text-xs uppercase">
          <span className="h-px flex-1 bg-border" />
          {t('auth.oidc.divider')}
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : (
        <p className="text-center text-muted-foreground text-sm">{t('auth.oidc.description')}</p>
      )}
      <Button variant={withDivider ? 'outline' : 'default'} size="lg" onClick={goToLogin}>
        <KeyRoundIcon aria-hidden />
        {t('auth.oidc.button')}
      </Button>
    </div>
  );
}
