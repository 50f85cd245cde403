import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { UserGroupsProvider } from '@/features/user-groups';
import {
  hasBroadcast,
  useBroadcastRestricted,
  useWideMentionSuggestions,
} from '../hooks/use-wide-mentions';
import { MessageBody } from './message-body';

const show = (content: string) =>
  render(
    <UserGroupsProvider
      initial={{
        groups: [
          {
            id: '0b7d3c52-5f0e-4a59-9d0b-1c6f1f0a2e11',
            name: 'Équipe produit',
            handle: 'equipe-produit',
            memberIds: [],
            createdAt: '2026-12-02T09:00:00.000Z',
          },
        ],
        managedBy: 'members',
        channelWideMentions: 'everyone',
      }}
    >
      <MessageBody content={content} mentions={[]} />
    </UserGroupsProvider>,
  );

describe('channel-wide and group mentions (docs/product.md, "@channel, @here, @everyone")', () => {
  it('show @channel, @here, @everyone and a group’s handle as chips, not in words or code', () => {
    const { container } = show(
      '@channel et @here, puis @everyone et @equipe-produit.\n\nmoi@channel.fr @channels `@here`',
    );
    const chips = [...container.querySelectorAll('.mention-wide')].map((c) => c.textContent);
    expect(chips).toEqual(['@channel', '@here', '@everyone', '@equipe-produit']);
    expect(container.querySelector('code')).toHaveTextContent('@here');
  });

  it('hasBroadcast finds what the composer asks about', () => {
    expect(hasBroadcast('Réunion @channel')).toBe(true);
    expect(hasBroadcast('@HERE ?')).toBe(true);
    expect(hasBroadcast('moi@channel.fr et @channels')).toBe(false);
    expect(hasBroadcast('@equipe-produit')).toBe(false);
  });
});

function EveryoneMay({ children }: { children: ReactNode }) {
  return (
    <UserGroupsProvider
      initial={{ groups: [], managedBy: 'members', channelWideMentions: 'everyone' }}
    >
      {children}
    </UserGroupsProvider>
  );
}

function AdminsOnly({ children }: { children: ReactNode }) {
  return (
    <UserGroupsProvider
      initial={{ groups: [], managedBy: 'members', channelWideMentions: 'admins' }}
    >
      {children}
    </UserGroupsProvider>
  );
}

describe('what "@" offers, by the instance’s rule', () => {
  const channel = { type: 'channel' as const, role: 'member' as const, isDefault: true };

  it('offers @channel, @here and @everyone (in the default channel) when everyone may use them', () => {
    const { result } = renderHook(() => useWideMentionSuggestions('', channel), {
      wrapper: EveryoneMay,
    });
    expect(result.current.map((m) => m.handle)).toEqual(['channel', 'here', 'everyone']);
  });

  it('offers @everyone by the server’s isDefault, whatever the channel’s name', () => {
    const elsewhere = { ...channel, name: 'général', isDefault: false };
    const other = renderHook(() => useWideMentionSuggestions('', elsewhere), {
      wrapper: EveryoneMay,
    });
    expect(other.result.current.map((m) => m.handle)).toEqual(['channel', 'here']);
    const unknown = { type: 'channel' as const, role: 'member' as const };
    const absent = renderHook(() => useWideMentionSuggestions('ev', unknown), {
      wrapper: EveryoneMay,
    });
    expect(absent.result.current).toEqual([]);
    const renamed = { ...channel, name: 'accueil' };
    const home = renderHook(() => useWideMentionSuggestions('ev', renamed), {
      wrapper: EveryoneMay,
    });
    expect(home.result.current.map((m) => m.handle)).toEqual(['everyone']);
  });

  it('offers none to a plain member when only channel administrators may', () => {
    const wrapper = AdminsOnly;
    const member = renderHook(() => useWideMentionSuggestions('', channel), { wrapper });
    expect(member.result.current).toEqual([]);
    expect(renderHook(() => useBroadcastRestricted(channel), { wrapper }).result.current).toBe(
      true,
    );
    const admin = { ...channel, role: 'admin' as const };
    expect(renderHook(() => useBroadcastRestricted(admin), { wrapper }).result.current).toBe(false);
  });
});
