import { PencilIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChannelContent } from '@/lib/channel-content';
import { messagesKey, messagesQueryOptions, prefetchMessages } from './api/get-messages';
import { useHasDraft } from './hooks/use-drafts';

/** The sidebar's pencil beside a channel with an unsent draft (as in Slack). */
function DraftMark({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const hasDraft = useHasDraft();
  if (!hasDraft(channelId)) return null;
  return (
    <PencilIcon
      role="img"
      aria-label={t('channels.sidebar.draft')}
      className="size-3.5 shrink-0 opacity-80"
    />
  );
}

/** A channel's messages, as the channel lists and the channel view use them (lib/channel-content.ts). */
export const messagesChannelContent: ChannelContent = {
  prefetch: prefetchMessages,
  prefetchOpening: (queryClient, channelId) => {
    if (queryClient.getQueryState(messagesKey(channelId)) === undefined)
      void queryClient.prefetchInfiniteQuery(messagesQueryOptions(channelId));
  },
  DraftMark,
};
