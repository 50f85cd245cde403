import { AlarmClockIcon, CalendarClockIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Reminder, ScheduledMessage } from '#shared/reminders';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { toastFailure } from '@/lib/toast-failure';
import {
  useDeleteReminder,
  useDeleteScheduled,
  useReminders,
  useScheduledMessages,
  useUpdateScheduled,
} from '../api/reminders';
import { formatWhen, toLocalInput } from '../lib/format';
import { TimeZoneField } from './time-zone-field';

const channelLabel = (item: { channelName: string | null; channelType: string | null }) =>
  !item.channelName || item.channelType === 'direct'
    ? null
    : item.channelType === 'group'
      ? item.channelName
      : `#${item.channelName}`;

function ReminderItem({ reminder }: { reminder: Reminder }) {
  const { t } = useTranslation();
  const remove = useDeleteReminder();
  const href = reminder.channelId
    ? reminder.messageId
      ? `/channel/${reminder.channelId}?message=${reminder.messageId}`
      : `/channel/${reminder.channelId}`
    : null;
  const where = channelLabel(reminder);
  const text = reminder.excerpt ?? t('reminders.aMessage');
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-3">
      <AlarmClockIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium text-sm">{formatWhen(reminder.dueAt)}</p>
        {href ? (
          <Link
            href={href}
            className="line-clamp-2 break-words text-sm underline-offset-2 hover:underline"
          >
            {text}
          </Link>
        ) : (
          <p className="line-clamp-2 break-words text-sm">{text}</p>
        )}
        {where ? <p className="text-muted-foreground text-xs">{where}</p> : null}
      </div>
      <IconButton
        label={t('reminders.delete')}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(reminder.id, {
            onError: (err) =>
              toastFailure(err, t('reminders.deleteFailed'), t('reminders.deleteFailed')),
          })
        }
      >
        <Trash2Icon aria-hidden />
      </IconButton>
    </li>
  );
}

function EditScheduledDialog({ item, onClose }: { item: ScheduledMessage; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateScheduled();
  const [content, setContent] = useState(item.content);
  const [local, setLocal] = useState(() => toLocalInput(new Date(item.dueAt)));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { id: item.id, content: content.trim(), at: new Date(local).toISOString() },
      {
        onSuccess: onClose,
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : t('scheduled.updateFailed')),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('scheduled.editTitle')}</DialogTitle>
            <DialogDescription>{t('scheduled.editDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-content`}>{t('scheduled.contentLabel')}</Label>
            <Textarea
              id={`${id}-content`}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              rows={4}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-at`}>{t('scheduled.dateLabel')}</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={local}
              onChange={(e) => setLocal(e.target.value)}
            />
          </div>
          {error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('reminders.cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending || !content.trim() || !local}>
              {t('scheduled.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ScheduledItem({ item }: { item: ScheduledMessage }) {
  const { t } = useTranslation();
  const remove = useDeleteScheduled();
  const [editing, setEditing] = useState(false);
  const where = channelLabel(item) ?? t('scheduled.direct');
  const failed = item.status === 'failed';
  return (
    <li className="flex items-start gap-3 rounded-xl border bg-card p-3">
      <CalendarClockIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium text-sm">
          {t('scheduled.when', { when: formatWhen(item.dueAt), channel: where })}
        </p>
        <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm">{item.content}</p>
        {failed ? (
          <p className="text-destructive text-xs">
            {t('scheduled.failed', { reason: item.failure ?? '' })}
          </p>
        ) : item.status === 'sending' ? (
          <p className="text-muted-foreground text-xs">{t('scheduled.sending')}</p>
        ) : null}
      </div>
      {item.status === 'sending' ? null : (
        <div className="flex shrink-0 gap-1">
          <IconButton label={t('scheduled.edit')} onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden />
          </IconButton>
          <IconButton
            label={t('scheduled.delete')}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(item.id, {
                onError: (err) =>
                  toastFailure(err, t('scheduled.deleteFailed'), t('scheduled.deleteFailed')),
              })
            }
          >
            <Trash2Icon aria-hidden />
          </IconButton>
        </div>
      )}
      {editing ? <EditScheduledDialog item={item} onClose={() => setEditing(false)} /> : null}
    </li>
  );
}

function Section<T extends { id: string }>({
  title,
  empty,
  query,
  render,
}: {
  title: string;
  empty: string;
  query: { data?: T[] | undefined; isPending: boolean; isError: boolean };
  render: (item: T) => React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="font-semibold text-base">
        {title}
      </h2>
      {query.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : !query.data || query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="grid gap-2">{query.data.map(render)}</ul>
      )}
    </section>
  );
}

/** /rappels: one's reminders to come and scheduled messages, to cancel or edit (docs/product.md). */
export function RemindersPage() {
  const { t } = useTranslation();
  const reminders = useReminders();
  const scheduled = useScheduledMessages();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 p-4 sm:p-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-xl">{t('reminders.pageTitle')}</h1>
        <p className="text-muted-foreground text-sm">{t('reminders.pageHint')}</p>
      </header>
      <TimeZoneField />
      <Section
        title={t('scheduled.title')}
        empty={t('scheduled.empty')}
        query={scheduled}
        render={(item: ScheduledMessage) => <ScheduledItem key={item.id} item={item} />}
      />
      <Section
        title={t('reminders.title')}
        empty={t('reminders.empty')}
        query={reminders}
        render={(item: Reminder) => <ReminderItem key={item.id} reminder={item} />}
      />
    </div>
  );
}
