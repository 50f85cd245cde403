import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { ReadPosition } from '@/lib/shell';
import { getMessagesPage, messagesKey, openMessagesWindow } from '../api/get-messages';
import type { MessagesData, MessagesPageParam } from '../lib/message-cache';

/**
 * Where reading resumes when more is unread than the newest page holds (Slack opens at its
 * "New" line): the page around the first unread message (?from=lastReadSeq) replaces the
 * newest one, and the list opens there. Decided once per visit, as soon as the newest page
 * and the read position are known; a permalink in the address wins. Returns a new value
 * each time the window replaced the page, for the list to open at the line again.
 */
export function useUnreadWindow(
  channelId: string,
  loaded: boolean,
  position: ReadPosition | null,
): number | null {
  const queryClient = useQueryClient();
  const permalink = new URLSearchParams(useSearch()).has('message');
  const [opened, setOpened] = useState<number | null>(null);
  const [decided, setDecided] = useState(false);
  const gone = useRef(false);
  // Set again when the view shows again (a kept view is hidden and shown, channel-view.tsx).
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);

  useEffect(() => {
    if (decided || !loaded || !position || permalink) return;
    setDecided(true);
    const data = queryClient.getQueryData<MessagesData>(messagesKey(channelId));
    // Only over the newest page: a permalink's window, handled just before, stays.
    const params = (data?.pageParams ?? []) as MessagesPageParam[];
    if (!params.some((param) => param.kind === 'latest')) return;
    const newest = data?.pages[0];
    const oldest = newest?.messages[0];
    // The newest page reaches back to what was read (or to the start): the line is in it.
    if (!newest?.olderCursor || !oldest || oldest.seq <= position.lastReadSeq) return;
    const param: MessagesPageParam = { kind: 'from', seq: position.lastReadSeq };
    // Not cancelled with the effect (the window is wanted for the whole visit), only when
    // the visit ends. A failure leaves the newest page, where the line shows once older
    // pages are loaded.
    getMessagesPage(channelId, param).then(
      async (page) => {
        if (gone.current) return;
        if (await openMessagesWindow(queryClient, channelId, page, param, () => !gone.current))
          setOpened(Date.now());
      },
      () => {},
    );
  }, [decided, loaded, position, permalink, channelId, queryClient]);

  return opened;
}
