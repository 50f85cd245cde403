import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import { useChannels } from '../api/get-channels';

/**
 * The tab's title carries the unread count, as Slack's does: "(3) Ruche". The open channel
 * counts nothing (its sidebar badge is hidden too); 99+ past 99 (docs/product.md §9).
 */
export function useUnreadTitle(): void {
  const { t } = useTranslation();
  const { data: channels } = useChannels();
  const [, params] = useRoute<{ id: string }>('/channel/:id');
  const openId = params?.id;
  const unread = (channels ?? []).reduce(
    (sum, channel) => sum + (channel.id === openId ? 0 : channel.unreadCount),
    0,
  );
  useEffect(() => {
    const app = t('common.appName');
    document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${app}` : app;
  }, [unread, t]);
  // Signed out (the shell unmounts): the plain name again.
  useEffect(
    () => () => {
      document.title = t('common.appName');
    },
    [t],
  );
}
