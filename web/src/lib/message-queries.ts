import type { Query, QueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/messages';
import { patchAfterFirstFetch } from './first-fetch';

/** What becomes of one message: a new copy, the same one, or null (gone). */
export type MessageUpdate = (message: Message) => Message | null;

/**
 * How a query's data holds messages: applies `update` to each one and returns the data,
 * the same object when nothing changed.
 */
export type HeldMessagesMapper<TData> = (data: TData, update: MessageUpdate) => TData;

const HOLDS_MESSAGES = 'holdsMessages';

/**
 * Query `meta` that opts a query in to patchHeldMessage: the channel history, threads, and
 * later search results, pins, notifications — each says once how its data holds messages,
 * and every edit, reaction and deletion reaches it without a change to the message events.
 */
export function holdsMessages<TData>(map: HeldMessagesMapper<TData>): Record<string, unknown> {
  return { [HOLDS_MESSAGES]: map };
}

function mapperOf(query: Query): HeldMessagesMapper<unknown> | null {
  const map = query.meta?.[HOLDS_MESSAGES];
  return typeof map === 'function' ? (map as HeldMessagesMapper<unknown>) : null;
}

/** The mapper of a query whose data is a plain list of messages. */
export function mapMessageList(list: readonly Message[], update: MessageUpdate): Message[] {
  let changed = false;
  const next: Message[] = [];
  for (const message of list) {
    const updated = update(message);
    if (updated !== message) changed = true;
    if (updated) next.push(updated);
  }
  return changed ? next : (list as Message[]);
}

/**
 * Applies `update` to the message `messageId` wherever a query that opted in (holdsMessages)
 * holds it. On a query still on its first fetch, it is applied to the answer when it comes
 * (patchAfterFirstFetch): an edit, a reaction or a deletion gives the same result on an
 * answer that already has it.
 */
export function patchHeldMessage(
  queryClient: QueryClient,
  messageId: string,
  update: MessageUpdate,
): void {
  const onlyThis: MessageUpdate = (message) =>
    message.id === messageId ? update(message) : message;
  for (const query of queryClient.getQueryCache().findAll()) {
    const map = mapperOf(query);
    if (!map) continue;
    const { data, fetchStatus } = query.state;
    if (data === undefined) {
      if (fetchStatus === 'fetching') {
        patchAfterFirstFetch(queryClient, query, (answer) =>
          answer === undefined ? answer : map(answer, onlyThis),
        );
      }
      continue;
    }
    const next = map(data, onlyThis);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}
