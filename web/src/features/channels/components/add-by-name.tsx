import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { PersonPicker } from '@/components/person-picker';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useUserSearch } from '@/features/users';
import { toastFailure } from '@/lib/toast-failure';
import { useAddChannelMember } from '../api/add-channel-member';

/**
 * "Inviter des membres", beside the link and the code: a colleague found by name (the
 * directory searched on the server, accents aside) is added to the channel at once.
 */
export function AddByName({ channelId, open }: { channelId: string; open: boolean }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState('');
  const search = useUserSearch(query, open);
  const add = useAddChannelMember(channelId);
  const nameOf = (user: User) => userDisplayName(user) ?? user.email ?? '?';

  const submit = () => {
    const person = search.users.find((user) => user.id === chosen);
    if (!person) return;
    add.mutate(person.id, {
      onSuccess: () => {
        toast({
          title: t('invites.byName.addedTitle'),
          description: t('invites.byName.added', { name: nameOf(person) }),
        });
        setChosen('');
        setQuery('');
      },
      onError: (error) =>
        toastFailure(error, t('invites.byName.errorTitle'), t('invites.byName.error')),
    });
  };

  return (
    <section aria-label={t('invites.byName.title')} className="grid gap-2">
      <h3 className="font-medium text-sm">{t('invites.byName.title')}</h3>
      <PersonPicker
        candidates={search.users}
        pending={search.pending}
        query={query}
        onQueryChange={setQuery}
        value={chosen}
        onValueChange={setChosen}
        nameOf={nameOf}
        labels={{
          searchPlaceholder: t('invites.byName.searchPlaceholder'),
          searchLabel: t('invites.byName.searchLabel'),
          listLabel: t('invites.byName.listLabel'),
          noResults: t('invites.byName.noResults'),
          loading: t('invites.byName.loading'),
        }}
        listClassName="max-h-[28dvh]"
        more={{
          hasMore: search.hasMore,
          loading: search.loadingMore,
          onMore: search.loadMore,
          label: t('common.morePeople'),
        }}
      />
      <Button type="button" onClick={submit} disabled={!chosen || add.isPending}>
        {t('invites.byName.add')}
      </Button>
    </section>
  );
}
