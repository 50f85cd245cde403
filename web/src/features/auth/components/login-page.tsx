import { ArrowLeftIcon, KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { AuthProviders } from '#shared/auth';
import { safeNextPath } from '#shared/next-path';
import { LogoMark } from '@/components/brand/logo';
import { FormError } from '@/components/form-field';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useAuthProviders } from '@/features/auth/api/get-auth-providers';
import { goToLogin } from '@/features/auth/navigation';
import { API_ORIGIN } from '@/lib/api';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** The built-in sign-in page that /api/login leads to when no OIDC provider is configured. */
export function LoginPage() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const invitation = params.get('invitation') ?? undefined;
  // Where the person was going before being asked to sign in (a path of this site only).
  const next = safeNextPath(params.get('next'));
  const resetToken = params.get('reset');
  const [resetDone, setResetDone] = useState(false);
  const notice = noticeFor(params);

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
            {notice ? (
              <div className="mb-5">
                <FormError message={t(notice)} />
              </div>
            ) : null}
            {resetDone ? (
              <p role="status" className="mb-5 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
                {t('auth.reset.done')}
              </p>
            ) : null}
            {resetToken && !resetDone ? (
              <ResetPasswordForm
                token={resetToken}
                onDone={() => {
                  setResetDone(true);
                  navigate('/login', { replace: true });
                }}
              />
            ) : providers.isPending ? (
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
                {providers.data.local ? (
                  <LocalAuthTabs
                    providers={providers.data}
                    invitation={invitation}
                    next={next}
                    signUp={params.get('signup') === '1'}
                  />
                ) : null}
                {providers.data.oidc ? (
                  <OidcEntry
                    withDivider={providers.data.local}
                    invitation={invitation}
                    next={next}
                  />
                ) : null}
              </>
            )}
          </div>
        </div>
      </main>
    </div>
  );
}

/** What a redirect back to /login came to say (OIDC outcomes, an expired link). */
function noticeFor(params: URLSearchParams): string | null {
  if (params.get('oidc') === 'account-exists') return 'auth.oidc.accountExists';
  if (params.get('oidc') === 'signup-closed') return 'auth.oidc.signupClosed';
  if (params.get('oidc') === 'deactivated') return 'auth.oidc.deactivated';
  if (params.get('verification') === 'invalid') return 'auth.verification.invalid';
  return null;
}

function LocalAuthTabs({
  providers,
  invitation,
  next,
  signUp,
}: {
  providers: AuthProviders;
  invitation: string | undefined;
  next: string | undefined;
  /** Open on the sign-up form (« Commencer » on the landing page). */
  signUp: boolean;
}) {
  const { t } = useTranslation();
  // SIGNUP=invite: the sign-up tab is for holders of an administrator's link.
  const canSignUp = providers.signup !== 'invite' || Boolean(invitation);
  return (
    <Tabs defaultValue={invitation || signUp ? 'sign-up' : 'sign-in'} className="grid gap-6">
      <TabsList className="w-full">
        <TabsTrigger value="sign-in">{t('auth.tabs.signIn')}</TabsTrigger>
        <TabsTrigger value="sign-up">{t('auth.tabs.signUp')}</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        <SignInForm canReset={providers.mail} next={next} />
      </TabsContent>
      <TabsContent value="sign-up" className="grid gap-4">
        {invitation ? (
          <p className="text-muted-foreground text-sm">{t('auth.invitation.welcome')}</p>
        ) : null}
        {canSignUp ? (
          <SignUpForm inviteToken={invitation} next={next} />
        ) : (
          <p role="status" className="rounded-lg border bg-muted/40 px-3 py-2 text-sm">
            {t('auth.invitation.required')}
          </p>
        )}
      </TabsContent>
    </Tabs>
  );
}

function OidcEntry({
  withDivider,
  invitation,
  next,
}: {
  withDivider: boolean;
  invitation: string | undefined;
  next: string | undefined;
}) {
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
      <Button
        variant={withDivider ? 'outline' : 'default'}
        size="lg"
        onClick={() =>
          // The app signs in through the system browser (docs/mobile.md).
          API_ORIGIN
            ? void import('@/native/start').then(({ appSignIn }) => appSignIn())
            : invitation
              ? window.location.assign(
                  `${API_ORIGIN}/api/login?invitation=${encodeURIComponent(invitation)}`,
                )
              : goToLogin(next)
        }
      >
        <KeyRoundIcon aria-hidden />
        {t('auth.oidc.button')}
      </Button>
    </div>
  );
}
