import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { PersonPicker } from '@/components/person-picker';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCurrentUser } from '@/features/auth';
import { useUserSearch } from '@/features/users';
import { toastFailure } from '@/lib/toast-failure';
import { useCreateDirectChannel } from '../api/create-direct-channel';

interface StartDirectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * docs/product.md §2.10: each entry shows the person's name, the email, and an initial; the
 * name is the display name with §3's fallback (as everywhere else), not the first name.
 */
const entryName = (user: User) => userDisplayName(user) ?? user.email ?? '?';

export function StartDirectDialog({ open, onOpenChange }: StartDirectDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user: me } = useCurrentUser();
  const [query, setQuery] = useState('');
  const search = useUserSearch(query, open);
  const createDirect = useCreateDirectChannel();
  const [selectedId, setSelectedId] = useState<string>('');

  // The server searches the whole directory (not the first 500), accents aside.
  const candidates = useMemo(
    () => search.users.filter((user) => user.id !== me?.id),
    [search.users, me?.id],
  );

  const close = () => {
    // docs/product.md §4: cancel (and closing) clears the selection.
    setSelectedId('');
    setQuery('');
    onOpenChange(false);
  };

  const handleStart = () => {
    if (!selectedId) return;
    createDirect.mutate(selectedId, {
      onSuccess: (channel) => {
        close();
        navigate(`/channel/${channel.id}`);
      },
      onError: (error) => {
        toastFailure(error, t('dm.errorTitle'), t('dm.conversation_error'));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('dm.title')}</DialogTitle>
          <DialogDescription>{t('dm.description')}</DialogDescription>
        </DialogHeader>
        <PersonPicker
          candidates={candidates}
          pending={search.pending}
          more={{
            hasMore: search.hasMore,
            loading: search.loadingMore,
            onMore: search.loadMore,
            label: t('common.morePeople'),
          }}
          query={query}
          onQueryChange={setQuery}
          value={selectedId}
          onValueChange={setSelectedId}
          nameOf={entryName}
          labels={{
            searchPlaceholder: t('dm.searchPlaceholder'),
            searchLabel: t('dm.searchLabel'),
            listLabel: t('dm.listLabel'),
            noResults: t('dm.noResults'),
            loading: t('dm.loading'),
          }}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t('dm.cancel')}
          </Button>
          <Button
            type="button"
            onClick={handleStart}
            disabled={!selectedId || createDirect.isPending}
          >
            {createDirect.isPending ? t('dm.starting') : t('dm.start')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
