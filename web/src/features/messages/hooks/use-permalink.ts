import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { Message } from '#shared/messages';
import { toast } from '@/components/ui/use-toast';
import { getMessagesPage, messagesKey, openMessagesWindow } from '../api/get-messages';
import { getThread } from '../api/get-thread';
import { findMessage, type MessagesData } from '../lib/message-cache';

/**
 * /channel/{id}?message={messageId}: makes sure the message is in the cache — loading a
 * window ?around it when it is far back — and returns it as the one to scroll to. A reply's
 * link scrolls to its parent and opens the thread. The address keeps ?message= until the
 * list says it has opened there (`opened`): a view mounted again meanwhile finds it again.
 */
export function usePermalinkTarget(
  channelId: string,
  data: MessagesData | undefined,
  onReply: (parent: Message) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('message');
  const [target, setTarget] = useState<{ id: string; nonce: number } | null>(null);
  const loaded = data !== undefined;

  useEffect(() => {
    if (!wanted || !loaded) return;
    let cancelled = false;
    const done = (id: string | null) => {
      if (cancelled) return;
      if (id) {
        setTarget({ id, nonce: Date.now() });
        return;
      }
      toast({ title: t('messages.permalinkNotFound') });
      navigate(location, { replace: true });
    };
    const locate = async (): Promise<string | null> => {
      const current = queryClient.getQueryData<MessagesData>(messagesKey(channelId));
      // A reply lives in its thread: the list scrolls to the parent and the thread opens.
      const thread = await getThread(wanted);
      const parent = thread.parent;
      const isReply = parent !== null && parent.id !== wanted;
      const anchor = isReply ? parent.id : wanted;
      if (isReply) onReply(parent);
      if (findMessage(current, anchor)) return anchor;
      const page = await getMessagesPage(channelId, { kind: 'around', messageId: anchor });
      if (cancelled || !page.messages.some((message) => message.id === anchor)) return null;
      const param = { kind: 'around', messageId: anchor } as const;
      const opened = await openMessagesWindow(
        queryClient,
        channelId,
        page,
        param,
        () => !cancelled,
      );
      return opened ? anchor : null;
    };
    locate().then(done, () => done(null));
    return () => {
      cancelled = true;
    };
  }, [wanted, loaded, channelId, queryClient, t, location, navigate, onReply]);

  // Handled once: the address goes back to the plain channel (a reload or "jump to latest"
  // must not bring the old window back).
  const opened = useCallback(() => navigate(location, { replace: true }), [navigate, location]);

  return { target, opened };
}
