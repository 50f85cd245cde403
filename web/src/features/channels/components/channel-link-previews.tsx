import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import { Switch } from '@/components/ui/switch';
import { toastFailure } from '@/lib/toast-failure';
import { useChannelLinkPreviews, useSetChannelLinkPreviews } from '../api/channel-link-previews';

/**
 * « Aperçus des liens » (docs/product.md, « Aperçus de liens »): the channel's owner and
 * administrators turn them on or off; the others read whether they are off. Nothing when the
 * instance has them off (LINK_PREVIEWS=off).
 */
export function ChannelLinkPreviewsSection({ channel }: { channel: Pick<Channel, 'id'> }) {
  const { t } = useTranslation();
  const setting = useChannelLinkPreviews(channel.id);
  const save = useSetChannelLinkPreviews(channel.id);
  const labelId = useId();
  const hintId = useId();
  const data = setting.data;
  if (!data?.instanceEnabled) return null;
  if (!data.canManage) {
    return data.enabled ? null : (
      <p className="mt-3 text-muted-foreground text-sm">{t('linkPreviews.channelOff')}</p>
    );
  }
  return (
    <div className="mt-3 flex items-start justify-between gap-4 rounded-xl border bg-card/40 p-3 sm:p-4">
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-sm">
          {t('linkPreviews.channelLabel')}
        </p>
        <p id={hintId} className="text-muted-foreground text-xs">
          {t('linkPreviews.channelHint')}
        </p>
      </div>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={hintId}
        checked={data.enabled}
        disabled={save.isPending}
        onCheckedChange={(enabled) =>
          save.mutate(enabled, {
            onError: (err) => toastFailure(err, t('linkPreviews.failed'), t('linkPreviews.failed')),
          })
        }
      />
    </div>
  );
}
