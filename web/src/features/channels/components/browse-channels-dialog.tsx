import { HashIcon, Volume2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { PublicChannel } from '#shared/channels';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { normalize } from '@/lib/match-user';
import { toastFailure } from '@/lib/toast-failure';
import { useBrowseChannels } from '../api/browse-channels';
import { useChannels } from '../api/get-channels';
import { useJoinPublicChannel } from '../api/join-public-channel';

interface BrowseChannelsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Public channels anyone in the workspace may join (docs/product.md §10.3), as Slack's "Browse channels". */
export function BrowseChannelsDialog({ open, onOpenChange }: BrowseChannelsDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const browse = useBrowseChannels(open);
  const mine = useChannels();
  const join = useJoinPublicChannel();

  const memberOf = useMemo(() => new Set((mine.data ?? []).map((c) => c.id)), [mine.data]);
  const results = useMemo(() => {
    const needle = normalize(query);
    return (browse.data ?? []).filter(
      (channel) =>
        !needle ||
        normalize(channel.name).includes(needle) ||
        normalize(channel.description ?? '').includes(needle),
    );
  }, [browse.data, query]);

  const close = () => {
    setQuery('');
    onOpenChange(false);
  };

  const goToChannel = (channel: PublicChannel) => {
    close();
    navigate(`/channel/${channel.id}`);
  };

  const handleJoin = (channel: PublicChannel) => {
    join.mutate(channel.id, {
      onSuccess: () => {
        toast({
          title: t('channels.browse.joinedTitle'),
          description: t('channels.browse.joined', { name: channel.name }),
        });
        goToChannel(channel);
      },
      onError: (error) => {
        toastFailure(error, t('channels.errorTitle'), t('channels.browse.joinError'));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="gap-5 sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('channels.browse.title')}</DialogTitle>
          <DialogDescription>{t('channels.browse.description')}</DialogDescription>
        </DialogHeader>
        <SearchInput
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('channels.browse.searchPlaceholder')}
          aria-label={t('channels.browse.searchLabel')}
        />
        <div className="-mx-2 max-h-[min(420px,55dvh)] min-h-40 overflow-y-auto">
          {browse.isPending ? (
            <div
              role="status"
              aria-busy="true"
              aria-label={t('channels.browse.loading')}
              className="grid gap-3 p-2"
            >
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} className="h-12 w-full" />
              ))}
            </div>
          ) : results.length === 0 ? (
            <p className="grid min-h-40 place-items-center px-4 text-center text-muted-foreground text-sm">
              {query.trim()
                ? t('channels.browse.noResults', { query: query.trim() })
                : t('channels.browse.empty')}
            </p>
          ) : (
            <ul className="grid divide-y divide-border/60">
              {results.map((channel) => {
                const isMember = memberOf.has(channel.id);
                const joining = join.isPending && join.variables === channel.id;
                return (
                  <li key={channel.id} className="flex items-center gap-3 px-2 py-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                      {channel.type === 'voice' ? (
                        <Volume2Icon aria-hidden className="size-4" />
                      ) : (
                        <HashIcon aria-hidden className="size-4" />
                      )}
                    </span>
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <span className="truncate font-medium text-sm">{channel.name}</span>
                      <span className="truncate text-muted-foreground text-xs">
                        {[
                          channel.type === 'voice' ? t('channels.browse.voice') : null,
                          isMember ? t('channels.browse.member') : null,
                          t('channels.browse.memberCount', { count: channel.memberCount }),
                          channel.description,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </div>
                    {isMember ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => goToChannel(channel)}
                        aria-label={t('channels.browse.openLabel', { name: channel.name })}
                      >
                        {t('channels.browse.open_channel')}
                      </Button>
                    ) : (
                      <Button
                        type="button"
                        size="sm"
                        onClick={() => handleJoin(channel)}
                        disabled={join.isPending}
                        aria-label={t('channels.browse.joinLabel', { name: channel.name })}
                      >
                        {joining ? t('channels.browse.joining') : t('channels.browse.join')}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
