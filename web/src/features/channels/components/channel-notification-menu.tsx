import { BellIcon, BellOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_NOTIFICATION_LEVELS } from '#shared/limits';
import type { ChannelNotificationLevel } from '#shared/notifications';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { toast } from '@/components/ui/use-toast';
import {
  useChannelNotificationSettings,
  useSetChannelNotificationSettings,
} from '@/features/notifications';

/** The channel's notification level (all, mentions only, nothing) and mute, for the caller. */
export function ChannelNotificationMenu({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useChannelNotificationSettings(channelId, open);
  const save = useSetChannelNotificationSettings();
  const level = data?.level ?? 'all';
  const muted = data?.muted ?? false;
  const set = (next: { level: ChannelNotificationLevel; muted: boolean }) =>
    save.mutate(
      { channelId, ...next },
      {
        onError: () =>
          toast({ variant: 'destructive', title: t('notifications.channel.saveFailed') }),
      },
    );
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <IconButton
          type="button"
          label={muted ? t('notifications.channel.muted') : t('notifications.channel.menu')}
        >
          {muted ? <BellOffIcon aria-hidden /> : <BellIcon aria-hidden />}
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('notifications.channel.menu')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={level}
          onValueChange={(value) => set({ level: value as ChannelNotificationLevel, muted })}
        >
          {CHANNEL_NOTIFICATION_LEVELS.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} disabled={!data}>
              {t(`notifications.channel.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={!data} onSelect={() => set({ level, muted: !muted })}>
          {muted ? <BellIcon aria-hidden /> : <BellOffIcon aria-hidden />}
          {muted ? t('notifications.channel.unmute') : t('notifications.channel.mute')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
