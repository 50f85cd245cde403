import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from 'wouter';
import { useChannels } from '../api/get-channels';

/**
 * The tab's title carries the unread count, as Slack's does: "(3) Ruche", with the instance's
 * name (`name`, docs/product.md §2.27). The open channel counts nothing (its sidebar badge is
 * hidden too); 99+ past 99 (docs/product.md §9).
 */
export function useUnreadTitle(name: string): void {
  const { t } = useTranslation();
  const { data: channels } = useChannels();
  const [, params] = useRoute<{ id: string }>('/channel/:id');
  const openId = params?.id;
  const unread = (channels ?? []).reduce(
    (sum, channel) => sum + (channel.id === openId ? 0 : channel.unreadCount),
    0,
  );
  useEffect(() => {
    document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${name}` : name;
  }, [unread, name]);
  // Signed out (the shell unmounts): the plain name again.
  useEffect(
    () => () => {
      document.title = t('common.appName');
    },
    [t],
  );
}
