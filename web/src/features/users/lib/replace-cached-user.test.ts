import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { replaceCachedUser, replaceUserIn } from './replace-cached-user';

const user = (id: string, extra: Partial<User> = {}): User => ({
  id,
  email: `${id}@ruche.test`,
  firstName: id === 'bob' ? 'Bob' : 'Alice',
  lastName: null,
  displayName: null,
  profileImageUrl: null,
  status: 'online',
  statusMessage: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const bob = user('bob');
const alice = user('alice');
const bobDeactivated = user('bob', { deactivated: true, status: 'offline' });

describe('replaceUserIn', () => {
  it('marks every copy of the user, however deep, and leaves the rest as it was', () => {
    const page = {
      pages: [
        {
          messages: [
            { id: 'm1', user: bob, content: 'Salut' },
            { id: 'm2', user: alice, content: 'Bonjour' },
          ],
        },
      ],
      pageParams: [null],
    };
    const next = replaceUserIn(page, bobDeactivated) as typeof page;
    const [m1, m2] = next.pages[0]?.messages ?? [];
    expect(userDisplayName(m1?.user)).toBe('Bob (désactivé)');
    expect(m1?.content).toBe('Salut');
    // What does not hold Bob is the same object: nothing on it renders again.
    expect(m2).toBe(page.pages[0]?.messages[1]);
    expect(next.pageParams).toBe(page.pageParams);
    // The copy keeps what the event does not speak for (the status others see live).
    expect(m1?.user.status).toBe('online');
    // The original is not changed in place.
    expect(userDisplayName(page.pages[0]?.messages[0]?.user)).toBe('Bob');
  });

  it('takes « (désactivé) » away on reactivation, and gives back the same value when nothing holds the user', () => {
    const members = [{ userId: 'bob', role: 'member', user: { ...bob, deactivated: true } }];
    const back = replaceUserIn(members, bob) as typeof members;
    expect(back[0]?.user).not.toHaveProperty('deactivated');
    // A copy that already says it is the same object.
    expect(replaceUserIn(back, bob)).toBe(back);
    const channels = [{ id: 'c1', name: 'général', directUser: alice }];
    expect(replaceUserIn(channels, bobDeactivated)).toBe(channels);
    // An object that only shares the id (a channel, a message) is not a user.
    const notAUser = { id: 'bob', name: 'bob' };
    expect(replaceUserIn(notAUser, bobDeactivated)).toBe(notAUser);
  });
});

describe('replaceCachedUser', () => {
  it('updates the queries that hold the user, and only those', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/channels'], [{ id: 'dm', type: 'direct', directUser: bob }]);
    client.setQueryData(['/api/emoji'], [{ name: 'ruche' }]);
    const emojiUpdatedAt = client.getQueryState(['/api/emoji'])?.dataUpdatedAt;
    const emoji = client.getQueryData(['/api/emoji']);

    replaceCachedUser(client, bobDeactivated);

    const [dm] = client.getQueryData<Array<{ directUser: User }>>(['/api/channels']) ?? [];
    expect(userDisplayName(dm?.directUser)).toBe('Bob (désactivé)');
    expect(client.getQueryData(['/api/emoji'])).toBe(emoji);
    expect(client.getQueryState(['/api/emoji'])?.dataUpdatedAt).toBe(emojiUpdatedAt);
  });
});
