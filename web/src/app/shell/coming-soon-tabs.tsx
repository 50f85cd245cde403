import { FolderOpenIcon, KanbanSquareIcon, Volume2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import type { ChannelTab } from '@/lib/shell';

/*
 * Placeholders for the channel tabs whose features are not built yet. When the board, files
 * or voice feature lands, its own descriptor replaces the placeholder in channel-tabs.tsx.
 */

function BoardSoon() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      icon={KanbanSquareIcon}
      title={t('channelView.boardSoonTitle')}
      description={t('channelView.boardSoon')}
    />
  );
}

function FilesSoon() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      icon={FolderOpenIcon}
      title={t('channelView.filesSoonTitle')}
      description={t('channelView.filesSoon')}
    />
  );
}

export function VoiceSoon() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      icon={Volume2Icon}
      title={t('channelView.voiceSoonTitle')}
      description={t('channelView.voiceSoon')}
    />
  );
}

export const boardSoonTab: ChannelTab = {
  id: 'board',
  labelKey: 'channelView.tabs.board',
  layout: 'scroll',
  Panel: BoardSoon,
};

export const filesSoonTab: ChannelTab = {
  id: 'files',
  labelKey: 'channelView.tabs.files',
  layout: 'scroll',
  Panel: FilesSoon,
};
