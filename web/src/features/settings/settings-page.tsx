import { MoonIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/users';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { UserAvatar } from '@/components/user-avatar';
import { useDisplayName } from '@/lib/use-display-name';
import { useTheme } from '@/lib/use-theme';
import { AdminCard } from './admin-card';
import { DataCard } from './data-card';
import { DisplayNameForm } from './display-name-form';
import { SettingsJumpMenu, SettingsSectionList, useSettingsSections } from './section-nav';
import { SecurityCard } from './security-card';
import { SettingsCard } from './settings-card';
import { SsoLinkCard } from './sso-link-card';
import { StatusForm } from './status-form';
import { StorageCard } from './storage-card';

/**
 * docs/product.md §2: the settings page — its cards, and a way to reach each one: links beside
 * them on a wide screen, a menu kept at the top on a phone.
 */
export function SettingsPage({
  user,
  notifications,
  workspace,
}: {
  user: User;
  notifications?: ReactNode;
  /** Workspace sections other features bring (custom emoji, groups). */
  workspace?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = useDisplayName()(user);
  const { theme, setTheme } = useTheme();
  const cards = useRef<HTMLDivElement>(null);
  const { sections, current, go } = useSettingsSections(cards);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10 lg:grid lg:max-w-5xl lg:grid-cols-[12rem_minmax(0,42rem)] lg:justify-center lg:gap-10">
      <div className="hidden lg:block">
        <SettingsSectionList sections={sections} current={current} onGo={go} />
      </div>
      <div className="grid min-w-0 gap-6">
        <header className="flex items-center gap-4">
          <UserAvatar user={user} name={name} className="size-14 text-base" showStatus />
          <div className="grid min-w-0 gap-0.5">
            <h1 className="font-bold text-2xl tracking-tight">{t('settings.title')}</h1>
            <p className="text-muted-foreground text-sm">{t('settings.description')}</p>
          </div>
        </header>
        <SettingsJumpMenu sections={sections} current={current} onGo={go} />
        <div ref={cards} className="grid gap-6 *:scroll-mt-16 lg:*:scroll-mt-10">
          <SettingsCard
            title={t('settings.profile.title')}
            description={t('settings.profile.description')}
          >
            <DisplayNameForm user={user} />
          </SettingsCard>
          <SettingsCard
            title={t('settings.status.title')}
            description={t('settings.status.description')}
          >
            <StatusForm user={user} />
          </SettingsCard>
          {notifications}
          {workspace}
          <StorageCard />
          <SecurityCard />
          <DataCard />
          <SsoLinkCard />
          <AdminCard />
          <SettingsCard
            title={t('settings.appearance.title')}
            description={t('settings.appearance.description')}
          >
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor="settings-dark-mode" className="gap-2">
                <MoonIcon aria-hidden className="size-4 text-muted-foreground" />
                {t('settings.appearance.darkMode')}
              </Label>
              <Switch
                id="settings-dark-mode"
                checked={theme === 'dark'}
                onCheckedChange={(dark) => setTheme(dark ? 'dark' : 'light')}
              />
            </div>
          </SettingsCard>
        </div>
      </div>
    </div>
  );
}
