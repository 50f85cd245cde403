import { type Query, useQueryClient } from '@tanstack/react-query';
import type { ServerEventType } from '#shared/protocol';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { forgetFile, rememberFile } from '../lib/file-cache';

const FILE_EVENTS = ['file_added', 'file_deleted'] as const satisfies readonly ServerEventType[];

const isFilesQuery = ({ queryKey }: Query) =>
  queryKey[0] === '/api/channels' && queryKey.length === 3 && queryKey[2] === 'files';

/** file_added / file_deleted → the channel's file list; what was missed is fetched again. */
export function useFileEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent(FILE_EVENTS, (event) => {
    if (event.type === 'file_added') rememberFile(queryClient, event.file);
    else forgetFile(queryClient, event.channelId, event.fileId);
  });
  useSocketCatchUp(({ first }) => {
    if (!first) void queryClient.invalidateQueries({ predicate: isFilesQuery });
  });
}
