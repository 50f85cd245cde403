import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useArchiveAction } from './channel-archive';

/** « Archiver le canal » confirmed: read-only for every member, still readable and searchable. */
export function ArchiveChannelDialog({
  channel,
  open,
  onOpenChange,
}: {
  channel: Pick<Channel, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { run, pending } = useArchiveAction(channel.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('channelAdmin.archiveTitle', { name: channel.name })}
      description={t('channelAdmin.archiveDescription')}
      confirmLabel={t('channelAdmin.archiveConfirm')}
      destructive={false}
      pending={pending}
      onConfirm={() => run(true)}
    />
  );
}
