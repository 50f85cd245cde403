import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { getMessagesPage, messagesKey } from '../api/get-messages';
import { findMessage, type MessagesData } from '../lib/message-cache';

/**
 * /channel/{id}?message={messageId}: makes sure the message is in the cache — loading a
 * window ?around it when it is far back — and returns it as the one to scroll to.
 */
export function usePermalinkTarget(channelId: string, data: MessagesData | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('message');
  const [target, setTarget] = useState<{ id: string; nonce: number } | null>(null);
  const loaded = data !== undefined;

  useEffect(() => {
    if (!wanted || !loaded) return;
    // Handled once: the address goes back to the plain channel (a reload or "jump to
    // latest" must not bring the old window back).
    const done = (id: string | null) => {
      if (id) setTarget({ id, nonce: Date.now() });
      navigate(location, { replace: true });
    };
    const current = queryClient.getQueryData<MessagesData>(messagesKey(channelId));
    if (findMessage(current, wanted)) return done(wanted);
    let cancelled = false;
    getMessagesPage(channelId, { kind: 'around', messageId: wanted })
      .then((page) => {
        if (cancelled) return;
        if (!page.messages.some((message) => message.id === wanted)) {
          toast({ title: t('messages.permalinkNotFound') });
          return done(null);
        }
        queryClient.setQueryData<MessagesData>(messagesKey(channelId), {
          pages: [page],
          pageParams: [{ kind: 'around', messageId: wanted }],
        });
        done(wanted);
      })
      .catch(() => {
        if (cancelled) return;
        toast({ title: t('messages.permalinkNotFound') });
        done(null);
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, loaded, channelId, queryClient, t, location, navigate]);

  return target;
}
