import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { forgetFile } from '../lib/file-cache';

interface DeleteFileInput {
  channelId: string;
  fileId: string;
}

export const deleteFile = ({ fileId }: DeleteFileInput): Promise<void> =>
  apiRequest<void>('DELETE', `/api/files/${encodeURIComponent(fileId)}`);

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_data, { channelId, fileId }) => forgetFile(queryClient, channelId, fileId),
  });
}
