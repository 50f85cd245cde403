import { ArchiveIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useSetChannelArchived } from '../api/channel-admin';
import { useChannelPowers } from '../hooks/use-channel-powers';

/** Archive or bring back a channel, with its toast; false when the server refused. */
export function useArchiveAction(channelId: string) {
  const { t } = useTranslation();
  const mutation = useSetChannelArchived();
  const run = async (archived: boolean) => {
    try {
      await mutation.mutateAsync({ channelId, archived });
    } catch (error) {
      toastFailure(error, t('channelAdmin.failed'), t('channelAdmin.failed'));
      return false;
    }
    toast({ title: t(archived ? 'channelAdmin.archived' : 'channelAdmin.unarchived') });
    return true;
  };
  return { run, pending: mutation.isPending };
}

/** In place of the composer of an archived channel (issue 48): why one cannot write, and for its managers the way back. */
export function ArchivedChannelNotice({
  channel,
}: {
  channel: Pick<Channel, 'id' | 'type' | 'role'>;
}) {
  const { t } = useTranslation();
  const { moderate } = useChannelPowers(channel);
  const { run, pending } = useArchiveAction(channel.id);
  return (
    <div className="shrink-0 px-3 pb-3 sm:px-5">
      <div
        role="status"
        className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-dashed bg-muted/40 px-4 py-3 text-muted-foreground text-sm"
      >
        <ArchiveIcon aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 flex-1">{t('channelAdmin.archivedBanner')}</span>
        {moderate ? (
          <Button size="sm" variant="outline" disabled={pending} onClick={() => void run(false)}>
            {t('channelAdmin.unarchive')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
