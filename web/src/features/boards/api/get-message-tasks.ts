import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageTask } from '#shared/boards';
import { apiGet } from '@/lib/api';

/** The tasks made from the channel's messages: what each message's chip shows. */
export const messageTasksKey = (channelId: string) =>
  ['/api/channels', channelId, 'message-tasks'] as const;

export const getMessageTasks = (channelId: string): Promise<MessageTask[]> =>
  apiGet<MessageTask[]>(`/api/channels/${encodeURIComponent(channelId)}/message-tasks`);

export const messageTasksQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: messageTasksKey(channelId),
    queryFn: () => getMessageTasks(channelId),
  });

/** The tasks made from one message (one query per channel, shared by its messages). */
export const useMessageTasks = (channelId: string, messageId: string) =>
  useQuery({
    ...messageTasksQueryOptions(channelId),
    select: (tasks) => tasks.filter((t) => t.messageId === messageId),
  });
