import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageHistory } from '../api/get-message-history';
import { relativeTime } from '../lib/format-time';
import type { MentionTarget } from '../lib/remark-mentions';
import { MessageBody } from './message-body';

/**
 * « (modifié) » opens this (docs/product.md, "Historique des modifications"): every version of
 * the message, the current one first, each rendered as a message is.
 */
export function MessageHistoryDialog({
  message,
  mentions,
  open,
  onOpenChange,
}: {
  message: Message;
  mentions: readonly MentionTarget[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const query = useMessageHistory(message);
  const versions = query.data?.versions ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] grid-rows-[auto_1fr] overflow-hidden sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('messages.history.title')}</DialogTitle>
          <DialogDescription>{t('messages.history.description')}</DialogDescription>
        </DialogHeader>
        <div className="-mx-1 min-h-0 overflow-y-auto px-1">
          {query.isPending ? (
            <div role="status" aria-busy="true" aria-label={t('messages.history.loading')}>
              <Skeleton className="h-16" />
            </div>
          ) : query.isError ? (
            <p className="text-muted-foreground text-sm">{t('messages.history.loadError')}</p>
          ) : (
            <ol aria-label={t('messages.history.title')} className="grid gap-3">
              {versions.map((version, index) => {
                const label = version.current
                  ? t('messages.history.current')
                  : index === versions.length - 1
                    ? t('messages.history.original')
                    : t('messages.history.older');
                return (
                  <li
                    key={version.current ? 'current' : version.writtenAt}
                    className="grid gap-1 rounded-lg border bg-card px-3 py-2"
                    data-current={version.current || undefined}
                  >
                    <p className="flex items-baseline justify-between gap-2 text-xs">
                      <span className="font-semibold">{label}</span>
                      <time dateTime={version.writtenAt} className="text-muted-foreground">
                        {t('messages.history.writtenAt', {
                          time: relativeTime(new Date(version.writtenAt), t),
                        })}
                      </time>
                    </p>
                    <MessageBody content={version.content} mentions={mentions} />
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
