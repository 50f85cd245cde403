import { useTranslation } from 'react-i18next';
import { useAuthProviders } from '@/features/auth';
import { PasswordForm } from './password-form';
import { SessionsList } from './sessions-list';
import { SettingsCard } from './settings-card';

/** The account's password (local accounts only) and its active sessions. */
export function SecurityCard() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  return (
    <SettingsCard
      title={t('settings.security.title')}
      description={t('settings.security.description')}
    >
      <div className="grid gap-6">
        {providers.data?.hasPassword ? (
          <section aria-label={t('settings.security.passwordTitle')} className="grid gap-3">
            <h3 className="font-medium text-sm">{t('settings.security.passwordTitle')}</h3>
            <PasswordForm />
          </section>
        ) : null}
        <section aria-label={t('settings.security.sessions')} className="grid gap-3">
          <h3 className="font-medium text-sm">{t('settings.security.sessions')}</h3>
          <SessionsList />
        </section>
      </div>
    </SettingsCard>
  );
}
