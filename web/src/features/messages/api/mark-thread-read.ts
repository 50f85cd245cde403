import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ThreadReadInput } from '#shared/messages';
import { apiRequest } from '@/lib/api';
import { FOLLOWED_THREADS_KEY } from './get-followed-threads';

/** POST /api/threads/{id}/read: read the thread up to that reply. */
export const markThreadRead = (parentId: string, input: ThreadReadInput): Promise<void> =>
  apiRequest<void>('POST', `/api/threads/${encodeURIComponent(parentId)}/read`, input);

/**
 * While a thread is shown, its newest reply is read: the mark goes up once per new seq,
 * and the followed-thread queries refetch (other tabs hear `thread_activity`).
 */
export function useMarkThreadReadWhileShown(parentId: string, newestSeq: number | undefined) {
  const queryClient = useQueryClient();
  const sent = useRef(0);
  useEffect(() => {
    if (newestSeq === undefined || newestSeq <= sent.current) return;
    sent.current = newestSeq;
    markThreadRead(parentId, { seq: newestSeq }).then(
      () => queryClient.invalidateQueries({ queryKey: FOLLOWED_THREADS_KEY }),
      () => {
        sent.current = 0; // tried again with the next reply or the next visit
      },
    );
  }, [parentId, newestSeq, queryClient]);
}
