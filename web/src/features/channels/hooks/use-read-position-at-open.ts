import { useState } from 'react';
import type { ReadPosition } from '@/lib/shell';
import { useChannels } from '../api/get-channels';

/**
 * The read position at the moment the channel view opened, kept for the whole visit (tabs
 * included) although the visit itself moves lastReadAt on: the "Nouveaux messages" line
 * stays where the unread messages began. Null when nothing was unread; undefined until the
 * sidebar's list has come (nothing may be marked read before, or the line would be lost).
 */
export function useReadPositionAtOpen(channelId: string): ReadPosition | null | undefined {
  const listed = useChannels().data?.find((channel) => channel.id === channelId);
  const [position, setPosition] = useState<ReadPosition | null | undefined>(undefined);
  // Taken once, as soon as the sidebar's list knows the channel (usually at the first
  // render; on a cold load of /channel/{id}, when the list arrives).
  if (position === undefined && listed) {
    const taken =
      listed.unreadCount > 0
        ? {
            lastReadAt: listed.lastReadAt,
            lastReadSeq: listed.lastReadSeq,
            lastSeq: listed.lastSeq,
          }
        : null;
    setPosition(taken);
    return taken;
  }
  return position;
}
