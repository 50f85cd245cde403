import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { CheckIcon, CopyIcon, RssIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useCopy } from '@/lib/use-copy';
import { useFeed, useRegenerateFeed, useRevokeFeed } from '../api/feed';

/** docs/calendar.md: the private ICS address, shown once when made; regenerate or revoke it. */
export function FeedCard() {
  const { t } = useTranslation();
  const feed = useFeed();
  const regenerate = useRegenerateFeed();
  const revoke = useRevokeFeed();
  const { copied, copy } = useCopy();
  const state = feed.data;
  const failed = (error: unknown) =>
    toastFailure(error, t('calendar.toast.errorTitle'), t('calendar.feed.error'));

  return (
    <section
      className="grid gap-3 rounded-lg border bg-card p-4"
      aria-labelledby="calendar-feed-title"
    >
      <div className="flex items-start gap-3">
        <RssIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 id="calendar-feed-title" className="font-semibold text-sm">
            {t('calendar.feed.title')}
          </h2>
          <p className="text-muted-foreground text-xs">{t('calendar.feed.description')}</p>
        </div>
      </div>
      {state?.url ? (
        <div className="grid gap-2">
          <p className="text-xs text-amber-500">{t('calendar.feed.once')}</p>
          <div className="flex gap-2">
            <Input
              readOnly
              aria-label={t('calendar.feed.urlLabel')}
              value={state.url}
              onFocus={(e) => e.target.select()}
              className="font-mono text-xs"
            />
            <Button type="button" variant="secondary" onClick={() => void copy(state.url!)}>
              {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
              {copied ? t('calendar.feed.copied') : t('calendar.feed.copy')}
            </Button>
          </div>
        </div>
      ) : state?.active && state.createdAt ? (
        <p className="text-muted-foreground text-xs">
          {t('calendar.feed.active', {
            date: format(new Date(state.createdAt), 'dd/MM/yyyy HH:mm', { locale: fr }),
          })}
        </p>
      ) : state ? (
        <p className="text-muted-foreground text-xs">{t('calendar.feed.none')}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant={state?.active ? 'outline' : 'default'}
          disabled={regenerate.isPending || !state}
          onClick={() =>
            regenerate.mutate(undefined, {
              onSuccess: () => toast({ title: t('calendar.feed.regenerated') }),
              onError: failed,
            })
          }
        >
          {state?.active ? t('calendar.feed.regenerate') : t('calendar.feed.create')}
        </Button>
        {state?.active ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => toast({ title: t('calendar.feed.revoked') }),
                onError: failed,
              })
            }
          >
            {t('calendar.feed.revoke')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
