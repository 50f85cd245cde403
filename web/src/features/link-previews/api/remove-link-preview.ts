import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/**
 * DELETE /api/messages/{id}/previews/{previewId}: the message's author takes a preview off. The
 * message comes back without it through message_updated, in every tab of every member.
 */
export function useRemoveLinkPreview() {
  return useMutation({
    mutationFn: ({ messageId, previewId }: { messageId: string; previewId: string }) =>
      apiRequest<void>(
        'DELETE',
        `/api/messages/${encodeURIComponent(messageId)}/previews/${encodeURIComponent(previewId)}`,
      ),
  });
}
