import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '#shared/notifications';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { usePreferences, useUpdatePreferences } from '../api/notification-preferences';
import {
  askDesktopPermission,
  desktopPermission,
  setSoundEnabled,
  soundEnabled,
} from '../lib/desktop';
import { PushSettings } from './push-settings';

const KEYS = [
  'mentions',
  'directMessages',
  'channelMessages',
  'reactions',
  'channelInvites',
  'systemNotifications',
] as const satisfies ReadonlyArray<keyof NotificationPreferences>;

/** Settings → Notifications: the six preferences, desktop notifications and their sound. */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const [permission, setPermission] = useState(desktopPermission);
  const [sound, setSound] = useState(soundEnabled);

  const change = (key: (typeof KEYS)[number], value: boolean) => {
    if (!preferences.data) return;
    update.mutate(
      { ...preferences.data, [key]: value },
      {
        onSuccess: () =>
          toast({
            title: t('notifications.settings.updatedTitle'),
            description: t('notifications.settings.updated'),
          }),
        onError: () =>
          toast({
            variant: 'destructive',
            title: t('notifications.settings.failedTitle'),
            description: t('notifications.settings.failed'),
          }),
      },
    );
  };

  return (
    <section
      aria-label={t('notifications.settings.title')}
      className="rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="mb-5 grid gap-1">
        <h2 className="font-semibold text-lg">{t('notifications.settings.title')}</h2>
        <p className="text-muted-foreground text-sm">{t('notifications.settings.description')}</p>
      </div>
      <div className="grid gap-4">
        {KEYS.map((key) => (
          <div key={key} className="flex items-center justify-between gap-4">
            <Label htmlFor={`notif-${key}`}>{t(`notifications.settings.${key}`)}</Label>
            <Switch
              id={`notif-${key}`}
              checked={update.isPending ? update.variables[key] : (preferences.data?.[key] ?? true)}
              disabled={!preferences.data}
              onCheckedChange={(value) => change(key, value)}
            />
          </div>
        ))}
        <div className="grid gap-3 border-t pt-4">
          <div className="flex items-center justify-between gap-4">
            <div className="grid gap-0.5">
              <Label htmlFor="notif-desktop">{t('notifications.desktop.label')}</Label>
              <p className="text-muted-foreground text-xs">
                {permission === 'denied'
                  ? t('notifications.desktop.denied')
                  : permission === 'unsupported'
                    ? t('notifications.desktop.unsupported')
                    : t('notifications.desktop.hint')}
              </p>
            </div>
            <Switch
              id="notif-desktop"
              checked={permission === 'granted'}
              disabled={permission !== 'default'}
              onCheckedChange={async (on) => {
                if (on) setPermission(await askDesktopPermission());
              }}
            />
          </div>
          <PushSettings />
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="notif-sound">{t('notifications.desktop.sound')}</Label>
            <Switch
              id="notif-sound"
              checked={sound}
              onCheckedChange={(on) => {
                setSoundEnabled(on);
                setSound(on);
              }}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
