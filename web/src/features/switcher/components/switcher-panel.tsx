import { CornerDownLeftIcon, SearchIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Channel } from '#shared/channels';
import type { User } from '#shared/users';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { ComboboxInput, ComboboxOption, useComboboxList } from '@/components/combobox';
import { PresenceAvatar } from '@/components/presence-avatar';
import { DialogOverlay, DialogPortal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { UnreadBadge } from '@/components/unread-badge';
import { useCurrentUser } from '@/features/auth';
import { useChannels, useCreateDirectChannel } from '@/features/channels';
import { useUsers } from '@/features/users';
import { ApiError, isUnauthorized } from '@/lib/api';
import { normalize } from '@/lib/match-user';
import { useDisplayName } from '@/lib/use-display-name';

type Entry =
  | { kind: 'channel'; id: string; label: string; channel: Channel }
  | { kind: 'person'; id: string; label: string; user: User };

const GROUP_LIMIT = 8;

/** Rank: a name that starts with the query beats one that merely contains it. */
function rank(label: string, needle: string): number {
  const name = normalize(label);
  if (!needle) return 1;
  if (name.startsWith(needle)) return 2;
  return name.includes(needle) ? 1 : 0;
}

function byRank<T extends Entry>(entries: T[], needle: string, extra?: (e: T) => string): T[] {
  return entries
    .map((entry) => ({
      entry,
      score: Math.max(rank(entry.label, needle), extra ? rank(extra(entry), needle) : 0),
    }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.entry.label.localeCompare(b.entry.label, 'fr'))
    .slice(0, GROUP_LIMIT)
    .map(({ entry }) => entry);
}

/** The switcher's dialog content, loaded the first time Ctrl/Cmd+K opens it (quick-switcher.tsx). */
export function SwitcherPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const displayName = useDisplayName();
  const { user: me } = useCurrentUser();
  const channels = useChannels();
  const users = useUsers({ enabled: true });
  const createDirect = useCreateDirectChannel();
  const [query, setQuery] = useState('');

  const groups = useMemo(() => {
    const needle = normalize(query);
    const all = channels.data ?? [];
    const rooms = byRank(
      all
        .filter((c) => c.type !== 'direct')
        .map(
          (channel): Entry => ({ kind: 'channel', id: channel.id, label: channel.name, channel }),
        ),
      needle,
    );
    const directs = byRank(
      all
        .filter((c) => c.type === 'direct')
        .map(
          (channel): Entry => ({
            kind: 'channel',
            id: channel.id,
            label: channel.directUser ? displayName(channel.directUser) : channel.name,
            channel,
          }),
        ),
      needle,
      (entry) => (entry.kind === 'channel' && entry.channel.directUser?.email) || '',
    );
    const withDm = new Set(all.map((c) => c.directUser?.id).filter(Boolean));
    const people = byRank(
      (users.data ?? [])
        // A deactivated account cannot be written to: no new conversation with it (issue 48).
        .filter((user) => user.id !== me?.id && !withDm.has(user.id) && !user.deactivated)
        .map((user): Entry => ({ kind: 'person', id: user.id, label: displayName(user), user })),
      needle,
      (entry) => (entry.kind === 'person' && entry.user.email) || '',
    );
    return [
      { key: 'channels', title: t('switcher.channels'), entries: rooms },
      { key: 'directs', title: t('switcher.directMessages'), entries: directs },
      { key: 'people', title: t('switcher.people'), entries: people },
    ].filter((group) => group.entries.length > 0);
  }, [query, channels.data, users.data, me?.id, displayName, t]);

  const flat = groups.flatMap((group) => group.entries);

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.kind === 'channel') {
      onClose();
      navigate(`/channel/${entry.id}`);
      return;
    }
    createDirect.mutate(entry.id, {
      onSuccess: (channel) => {
        onClose();
        navigate(`/channel/${channel.id}`);
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          variant: 'destructive',
          title: t('switcher.errorTitle'),
          description:
            (error instanceof ApiError && error.serverMessage) || t('dm.conversation_error'),
        });
      },
    });
  };

  const combobox = useComboboxList({
    entries: flat,
    keyOf: (entry) => `${entry.kind}-${entry.id}`,
    onChoose: choose,
  });
  const { active, optionId, setActiveIndex } = combobox;

  // The dialog's root is here, loaded with the panel: in quick-switcher.tsx it brought Radix's
  // dialog into the channel view's first load (bundle-budget.test.ts).
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => open || onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-[12dvh] left-1/2 z-50 flex max-h-[min(560px,76dvh)] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-2xl outline-none data-[state=open]:animate-dialog-in"
        >
          <DialogPrimitive.Title className="sr-only">{t('switcher.title')}</DialogPrimitive.Title>
          <ComboboxInput
            combobox={combobox}
            label={t('switcher.open')}
            placeholder={t('switcher.placeholder')}
            value={query}
            onValueChange={setQuery}
            icon={<SearchIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
          />
          <div
            id={combobox.listId}
            role="listbox"
            aria-label={t('switcher.title')}
            className="min-h-0 flex-1 overflow-y-auto p-2"
          >
            {flat.length === 0 ? (
              <p className="px-3 py-10 text-center text-muted-foreground text-sm">
                {t('switcher.empty')}
              </p>
            ) : (
              groups.map((group) => (
                // biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox (ARIA), not a form fieldset
                <div key={group.key} role="group" aria-label={group.title} className="mb-1.5">
                  <p
                    aria-hidden
                    className="px-2.5 pt-2 pb-1 font-semibold text-[11px] text-muted-foreground uppercase tracking-wider"
                  >
                    {group.title}
                  </p>
                  {group.entries.map((entry) => {
                    const isActive = entry === active;
                    return (
                      <ComboboxOption
                        key={optionId(entry)}
                        id={optionId(entry)}
                        active={isActive}
                        onHover={() => setActiveIndex(flat.indexOf(entry))}
                        onChoose={() => choose(entry)}
                        className="flex items-center gap-3 rounded-md px-2.5 py-2 text-sm"
                      >
                        <EntryIcon entry={entry} />
                        <span className="min-w-0 flex-1 truncate">
                          {entry.label}
                          {entry.kind === 'person' && entry.user.email ? (
                            <span className="ml-2 text-muted-foreground text-xs">
                              {entry.user.email}
                            </span>
                          ) : null}
                        </span>
                        {entry.kind === 'channel' ? (
                          <UnreadBadge count={entry.channel.unreadCount} className="ml-0" />
                        ) : (
                          <span className="text-muted-foreground text-xs">
                            {t('switcher.startConversation')}
                          </span>
                        )}
                        {isActive ? (
                          <CornerDownLeftIcon
                            aria-hidden
                            className="size-3.5 shrink-0 text-muted-foreground"
                          />
                        ) : null}
                      </ComboboxOption>
                    );
                  })}
                </div>
              ))
            )}
          </div>
          <p className="hidden border-t px-4 py-2 text-muted-foreground text-xs sm:block">
            {t('switcher.hint')}
          </p>
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}

function EntryIcon({ entry }: { entry: Entry }) {
  if (entry.kind === 'person') {
    return (
      <PresenceAvatar user={entry.user} name={entry.label} className="size-6 [&_span]:text-[9px]" />
    );
  }
  const { channel } = entry;
  if (channel.type === 'direct' && channel.directUser) {
    return (
      <PresenceAvatar
        user={channel.directUser}
        name={entry.label}
        className="size-6 [&_span]:text-[9px]"
      />
    );
  }
  return (
    <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
      <ChannelTypeIcon type={channel.type} className="size-3.5" />
    </span>
  );
}
