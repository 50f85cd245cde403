import { CheckCircle2Icon, KeyRoundIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders } from '@/features/auth';
import { API_ORIGIN } from '@/lib/api';
import { SettingsCard } from './settings-card';

/**
 * Link the organisation's identity provider to this account. Only from here, signed in: an
 * identity is never linked by email alone (docs/security.md, finding 2). The server sends the
 * person back to /settings?oidc=linked|taken.
 */
export function SsoLinkCard() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  useLinkOutcomeToast();
  if (!providers.data?.oidc) return null;
  const body = providers.data.oidcLinked ? (
    <p className="flex items-center gap-2 text-sm">
      <CheckCircle2Icon aria-hidden className="size-4 text-emerald-500" />
      {t('settings.sso.linked')}
    </p>
  ) : (
    <Button
      variant="outline"
      onClick={() => {
        window.location.href = `${API_ORIGIN}/api/login?link=1`;
      }}
    >
      <KeyRoundIcon aria-hidden />
      {t('settings.sso.link')}
    </Button>
  );
  return (
    <SettingsCard title={t('settings.sso.title')} description={t('settings.sso.description')}>
      {body}
    </SettingsCard>
  );
}

function useLinkOutcomeToast() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const outcome = new URLSearchParams(search).get('oidc');
  useEffect(() => {
    if (outcome !== 'linked' && outcome !== 'taken') return;
    toast(
      outcome === 'linked'
        ? {
            title: t('settings.sso.linkedToast'),
            description: t('settings.sso.linkedToastDescription'),
          }
        : {
            title: t('settings.sso.takenToast'),
            description: t('settings.sso.takenToastDescription'),
            variant: 'destructive',
          },
    );
    navigate('/settings', { replace: true });
  }, [outcome, navigate, t]);
}
