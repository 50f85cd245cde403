import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '#shared/channels';
import type { Message, TypingUser } from '#shared/messages';
import { setActiveChannel } from '@/lib/channel-in-view';
import { messagesKey, messagesQueryOptions } from '../api/get-messages';
import { threadKey } from '../api/get-thread';
import { typingKey } from '../api/get-typing';
import { flattenMessages, type MessagesData } from './message-cache';
import {
  applyMessageEvent,
  catchUpCachedChannels,
  type MessageEvent,
  refreshShownChannel,
} from './realtime-cache';
import { buildTestMessage } from './test-message';

const at = '2026-01-01T12:00:00.000Z';

const buildMessage = (seq: number, overrides: Partial<Message> = {}) =>
  buildTestMessage(seq, { at, ...overrides });

function buildChannel(id: string, overrides: Partial<Channel> = {}): Channel {
  return {
    id,
    name: id,
    description: null,
    type: 'channel',
    createdById: null,
    createdAt: at,
    updatedAt: at,
    lastSeq: 1,
    unreadCount: 0,
    lastReadAt: null,
    lastReadSeq: 0,
    ...overrides,
  };
}

function setup() {
  const queryClient = new QueryClient();
  // Built from its options, as the chat's useMessages does: the meta opts it in to patches.
  queryClient.getQueryCache().build(queryClient, {
    queryKey: messagesKey('c1'),
    meta: messagesQueryOptions('c1').meta,
  });
  queryClient.setQueryData<MessagesData>(messagesKey('c1'), {
    pages: [{ messages: [buildMessage(1)], olderCursor: null, newerCursor: null, atHead: true }],
    pageParams: [{ kind: 'latest' }],
  });
  queryClient.setQueryData<Channel[]>(['/api/channels'], [buildChannel('c1'), buildChannel('c2')]);
  return queryClient;
}

const unread = (queryClient: QueryClient) =>
  queryClient.getQueryData<Channel[]>(['/api/channels'])?.map((c) => c.unreadCount);

describe('applyMessageEvent', () => {
  it('appends a new message to its channel once, and counts it unread once elsewhere', () => {
    const queryClient = setup();
    setActiveChannel('c2');
    const event = {
      type: 'new_message',
      channelId: 'c1',
      seq: 2,
      message: buildMessage(2),
    } as const;
    applyMessageEvent(queryClient, event, 'alice');
    applyMessageEvent(queryClient, event, 'alice');
    const data = queryClient.getQueryData<MessagesData>(messagesKey('c1'));
    expect(flattenMessages(data).map((m) => m.seq)).toEqual([1, 2]);
    expect(unread(queryClient)).toEqual([1, 0]);
  });

  it('does not count messages of the open channel, nor my own', () => {
    const queryClient = setup();
    setActiveChannel('c1');
    applyMessageEvent(
      queryClient,
      { type: 'new_message', channelId: 'c1', seq: 2, message: buildMessage(2) },
      'alice',
    );
    setActiveChannel(null);
    applyMessageEvent(
      queryClient,
      {
        type: 'new_message',
        channelId: 'c1',
        seq: 3,
        message: buildMessage(3, { userId: 'alice' }),
      },
      'alice',
    );
    expect(unread(queryClient)).toEqual([0, 0]);
    expect(queryClient.getQueryData<Channel[]>(['/api/channels'])?.[0]?.lastSeq).toBe(3);
  });

  it('does not count a thread reply in the channel badge', () => {
    const queryClient = setup();
    setActiveChannel('c2');
    applyMessageEvent(
      queryClient,
      {
        type: 'new_message',
        channelId: 'c1',
        seq: 2,
        message: buildMessage(2, { parentMessageId: 'm1' }),
      },
      'alice',
    );
    expect(unread(queryClient)).toEqual([0, 0]);
  });

  it('adds and removes typing users, never me, and a message ends its author’s typing', () => {
    const queryClient = setup();
    const bob: TypingUser = {
      userId: 'bob',
      firstName: 'Bob',
      lastName: null,
      displayName: 'Bob',
      email: null,
    };
    const me: TypingUser = { ...bob, userId: 'alice', displayName: 'Alice' };
    applyMessageEvent(
      queryClient,
      { type: 'typing_update', channelId: 'c1', user: bob, isTyping: true },
      'alice',
    );
    applyMessageEvent(
      queryClient,
      { type: 'typing_update', channelId: 'c1', user: me, isTyping: true },
      'alice',
    );
    expect(queryClient.getQueryData<TypingUser[]>(typingKey('c1'))).toEqual([bob]);
    applyMessageEvent(
      queryClient,
      { type: 'new_message', channelId: 'c1', seq: 2, message: buildMessage(2) },
      'alice',
    );
    expect(queryClient.getQueryData<TypingUser[]>(typingKey('c1'))).toEqual([]);
  });

  it('applies edits, reactions and deletions', () => {
    const queryClient = setup();
    applyMessageEvent(
      queryClient,
      { type: 'message_updated', channelId: 'c1', message: buildMessage(1, { edited: true }) },
      'alice',
    );
    const reactions = [{ emoji: '👍', count: 1, userIds: ['alice'] }];
    applyMessageEvent(
      queryClient,
      { type: 'reaction_updated', channelId: 'c1', messageId: 'm1', reactions },
      'alice',
    );
    let [message] = flattenMessages(queryClient.getQueryData<MessagesData>(messagesKey('c1')));
    expect(message?.edited).toBe(true);
    expect(message?.reactions).toEqual(reactions);

    applyMessageEvent(
      queryClient,
      { type: 'message_deleted', channelId: 'c1', messageId: 'm1', parentMessageId: null },
      'alice',
    );
    [message] = flattenMessages(queryClient.getQueryData<MessagesData>(messagesKey('c1')));
    expect(message).toBeUndefined();
  });
});

/** GET /api/channels/{id}/messages's answer. */
const pageResponse = (messages: Message[]) =>
  new Response(JSON.stringify({ messages, nextCursor: null, newerCursor: null }), {
    headers: { 'content-type': 'application/json' },
  });

/**
 * The server, once message 3 is in: the first ask of the newest page was read before it (1, 2)
 * and is answered only at `land()`; `?after=2` brings 3; any later newest page has all three.
 */
function stubPageOnItsWay() {
  const asked: string[] = [];
  let land: (() => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/channels/c1/messages' && !land)
        return new Promise<Response>((resolve) => {
          land = () => resolve(pageResponse([buildMessage(1), buildMessage(2)]));
        });
      if (url === '/api/channels/c1/messages?after=2') return pageResponse([buildMessage(3)]);
      return pageResponse([buildMessage(1), buildMessage(2), buildMessage(3)]);
    }),
  );
  return { asked, asking: () => land !== undefined, land: () => land?.() };
}

const cachedSeqs = (queryClient: QueryClient) =>
  flattenMessages(queryClient.getQueryData<MessagesData>(messagesKey('c1'))).map(
    (message) => message.seq,
  );

describe('catching up around a first page on its way', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('at ready, catches up a page still on its way once it lands', async () => {
    // The channel view asked for its newest page before the socket's subscriptions were
    // loaded: that page was read before message 3, which came by no event either.
    const server = stubPageOnItsWay();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const opening = queryClient.prefetchInfiniteQuery(messagesQueryOptions('c1'));
    await vi.waitFor(() => expect(server.asking()).toBe(true));

    const caughtUp = catchUpCachedChannels(queryClient); // `ready`
    server.land();
    await Promise.all([opening, caughtUp]);

    expect(cachedSeqs(queryClient)).toEqual([1, 2, 3]);
    expect(server.asked).toContain('/api/channels/c1/messages?after=2');
  });

  it('a message event that came meanwhile is not lost: the page is caught up once it lands', async () => {
    // Message 3's event came while the page was on its way, with no history to go into.
    const server = stubPageOnItsWay();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const opening = queryClient.prefetchInfiniteQuery(messagesQueryOptions('c1'));
    await vi.waitFor(() => expect(server.asking()).toBe(true));

    const event = { type: 'new_message', channelId: 'c1', seq: 3, message: buildMessage(3) };
    applyMessageEvent(queryClient, event as MessageEvent, 'me');
    applyMessageEvent(queryClient, event as MessageEvent, 'me'); // one catch-up for both
    server.land();
    await opening;

    await vi.waitFor(() => expect(cachedSeqs(queryClient)).toEqual([1, 2, 3]));
    expect(server.asked.filter((url) => url.endsWith('?after=2'))).toHaveLength(1);
  });
});

describe('catchUpCachedChannels, an empty channel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps a live message that came while its catch-up was answered', async () => {
    // The catch-up's reads happen before message 1 and are answered after its event: they
    // must be merged, not replace what the event brought (it was refetched, and lost).
    const held: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((resolve) => {
            expect(url.startsWith('/api/channels/c1/messages')).toBe(true);
            held.push(() => resolve(pageResponse([])));
          }),
      ),
    );
    // As the app's client (lib/query-client.ts): fresh until an event or a catch-up says not.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData<MessagesData>(messagesKey('c1'), {
      pages: [{ messages: [], olderCursor: null, newerCursor: null, atHead: true }],
      pageParams: [{ kind: 'latest' }],
    });
    // The channel on screen: its list observes the query.
    const list = new InfiniteQueryObserver(queryClient, messagesQueryOptions('c1'));
    const unsubscribe = list.subscribe(() => {});

    const caughtUp = catchUpCachedChannels(queryClient); // `ready`
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
    const event = { type: 'new_message', channelId: 'c1', seq: 1, message: buildMessage(1) };
    applyMessageEvent(queryClient, event as MessageEvent, 'me');
    // Every read answers as it was before message 1, whenever it was asked.
    for (let answered = 0; answered < 5 && held.length > 0; answered++) {
      held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await caughtUp;

    expect(cachedSeqs(queryClient)).toEqual([1]);
    unsubscribe();
  });
});

describe('refreshShownChannel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('brings a cached page up to date with reactions made off screen, and marks its threads', async () => {
    const reactions = [{ emoji: '🎉', count: 1, userIds: ['alice'] }];
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return pageResponse([buildMessage(1, { reactions })]);
      }),
    );
    const queryClient = setup();
    const thread = (channelId: string) => ({ parent: buildMessage(9, { channelId }), replies: [] });
    queryClient.setQueryData(threadKey('p1'), thread('c1'));
    queryClient.setQueryData(threadKey('p2'), thread('c2'));

    refreshShownChannel(queryClient, 'c1');
    await vi.waitFor(() =>
      expect(
        flattenMessages(queryClient.getQueryData<MessagesData>(messagesKey('c1')))[0]?.reactions,
      ).toEqual(reactions),
    );
    expect(asked).toEqual(['/api/channels/c1/messages']);
    // The channel's threads refetch when opened next; another channel's stay as they are.
    expect(queryClient.getQueryState(threadKey('p1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(threadKey('p2'))?.isInvalidated).toBe(false);

    // A channel with no cached history asks for nothing here: its view fetches it whole.
    refreshShownChannel(queryClient, 'c3');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toHaveLength(1);
  });
});
