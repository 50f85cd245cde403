/**
 * Wire objects as the server presents them (the types of `shared/`), with overrides: what the
 * fetch stub answers in component tests (fetch-stub.ts).
 */
import type { Channel } from '#shared/channels';
import type { User } from '#shared/users';

let next = 0;
const nextId = (prefix: string) => `${prefix}-${(++next).toString().padStart(4, '0')}`;
const AT = '2026-11-30T09:00:00.000Z';

export function buildUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId('user');
  return {
    id,
    email: `${id}@ruche.test`,
    firstName: null,
    lastName: null,
    displayName: null,
    profileImageUrl: null,
    status: 'online',
    statusMessage: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function buildChannel(overrides: Partial<Channel> = {}): Channel {
  return {
    id: overrides.id ?? nextId('channel'),
    name: 'général',
    description: null,
    type: 'channel',
    createdById: null,
    createdAt: AT,
    updatedAt: AT,
    lastSeq: 0,
    unreadCount: 0,
    lastReadAt: null,
    lastReadSeq: 0,
    ...overrides,
  };
}
