import type { Message } from '#shared/messages';

/**
 * A message as the server sends it, for unit tests: message `seq` of channel c1, written by
 * `userId` (whose profile carries the same id as its name) at `at`, with no reactions or
 * replies. `overrides` replace any field.
 */
export function buildTestMessage(
  seq: number,
  {
    userId = 'bob',
    at = '2026-01-01T12:00:00.000Z',
    ...overrides
  }: Partial<Message> & {
    at?: string;
  } = {},
): Message {
  return {
    id: `m${seq}`,
    channelId: 'c1',
    userId,
    content: `message ${seq}`,
    attachments: [],
    mentions: [],
    parentMessageId: null,
    edited: false,
    seq,
    clientId: null,
    createdAt: at,
    updatedAt: at,
    user: {
      id: userId,
      email: null,
      firstName: userId,
      lastName: null,
      displayName: userId,
      profileImageUrl: null,
      status: 'online',
      statusMessage: null,
      createdAt: at,
      updatedAt: at,
    },
    reactions: [],
    replyCount: 0,
    lastReplyAt: null,
    ...overrides,
  };
}
