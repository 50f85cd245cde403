import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages';
import { buildTestMessage } from '@/features/messages/lib/test-message';
import { holdsMessages, mapMessageList, patchHeldMessage } from './message-queries';

const at = '2026-01-01T12:00:00.000Z';
const buildMessage = (seq: number) => buildTestMessage(seq, { at });

function setup() {
  const queryClient = new QueryClient();
  // A search-results-like query that opted in, and one that did not.
  queryClient.getQueryCache().build(queryClient, {
    queryKey: ['search', 'hello'],
    meta: holdsMessages(mapMessageList),
  });
  queryClient.setQueryData<Message[]>(['search', 'hello'], [buildMessage(1), buildMessage(2)]);
  queryClient.setQueryData<Message[]>(['untagged'], [buildMessage(1)]);
  return queryClient;
}

describe('patchHeldMessage', () => {
  it('patches the message in every query that opted in, and only there', () => {
    const queryClient = setup();
    patchHeldMessage(queryClient, 'm1', (message) => ({ ...message, edited: true }));
    const search = queryClient.getQueryData<Message[]>(['search', 'hello']);
    expect(search?.map((m) => m.edited)).toEqual([true, false]);
    expect(queryClient.getQueryData<Message[]>(['untagged'])?.[0]?.edited).toBe(false);
  });

  it('drops a deleted message, and leaves data untouched when it holds no such message', () => {
    const queryClient = setup();
    const before = queryClient.getQueryData<Message[]>(['search', 'hello']);
    patchHeldMessage(queryClient, 'nope', () => null);
    expect(queryClient.getQueryData(['search', 'hello'])).toBe(before);
    patchHeldMessage(queryClient, 'm2', () => null);
    expect(queryClient.getQueryData<Message[]>(['search', 'hello'])?.map((m) => m.id)).toEqual([
      'm1',
    ]);
  });

  it('applies a change to the answer of a query still on its first fetch, read before it', async () => {
    const queryClient = new QueryClient();
    // The server's one answer, read before the edit.
    const releases: Array<() => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['pins'],
      meta: holdsMessages(mapMessageList),
      queryFn: () =>
        new Promise<Message[]>((resolve) => {
          releases.push(() => resolve([buildMessage(1), buildMessage(2)]));
        }),
    });
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    patchHeldMessage(queryClient, 'm1', (message) => ({ ...message, edited: true }));
    patchHeldMessage(queryClient, 'm2', () => null);
    releases[0]?.(); // the stale answer arrives after the edit and the deletion
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(releases).toHaveLength(1);
    const pins = queryClient.getQueryData<Message[]>(['pins']);
    expect(pins?.map((message) => [message.id, message.edited])).toEqual([['m1', true]]);
    unsubscribe();
  });
});
