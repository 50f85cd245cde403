import type { QueryClient } from '@tanstack/react-query';
import type { ChannelFile } from '#shared/files';
import { channelFilesKey } from '../api/get-channel-files';

/** A new file at the top of its channel's list (once: the upload's answer and the event race). */
export function rememberFile(queryClient: QueryClient, file: ChannelFile): void {
  queryClient.setQueryData<ChannelFile[]>(channelFilesKey(file.channelId), (files) =>
    files && !files.some((f) => f.id === file.id) ? [file, ...files] : files,
  );
}

export function forgetFile(queryClient: QueryClient, channelId: string, fileId: string): void {
  queryClient.setQueryData<ChannelFile[]>(channelFilesKey(channelId), (files) =>
    files?.filter((f) => f.id !== fileId),
  );
}
