import { useQuery } from '@tanstack/react-query';
import type { Message, MessageHistory } from '#shared/messages';
import { apiGet } from '@/lib/api';

/**
 * GET /api/messages/{id}/history: the message's texts, the current one first. Keyed by the
 * message's last edit, so an edit that comes while it is shown (message_updated) loads it again.
 */
export const useMessageHistory = (message: Pick<Message, 'id' | 'updatedAt'>) =>
  useQuery({
    queryKey: ['/api/messages', message.id, 'history', message.updatedAt],
    queryFn: () =>
      apiGet<MessageHistory>(`/api/messages/${encodeURIComponent(message.id)}/history`),
  });
