import {
  CopyIcon,
  LinkIcon,
  MessageSquareTextIcon,
  PencilIcon,
  SmilePlusIcon,
  Trash2Icon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QUICK_REACTIONS } from '#shared/limits';
import type { Message } from '#shared/messages';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { toast } from '@/components/ui/use-toast';
import { writeClipboard } from '@/lib/clipboard';
import { type MessageAction, useMessageActionEntry } from '@/lib/message-extensions';
import { cn } from '@/lib/utils';
import { useChat } from './chat-context';
import { ReactionPicker } from './emoji-picker';
import { messagePermalink } from './message-actions';
import { useReact } from './reaction-bar';

function SheetAction({
  icon: Icon,
  label,
  onSelect,
  destructive = false,
}: {
  icon: typeof LinkIcon;
  label: string;
  onSelect: () => void;
  destructive?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      className={cn(
        'flex h-12 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
        destructive && 'text-destructive',
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden />
      {label}
    </button>
  );
}

/** Another feature's entry: opens its dialog, or acts at once (lib/message-extensions.tsx). */
function ExtensionAction({
  action,
  message,
  onSelect,
}: {
  action: MessageAction;
  message: Message;
  onSelect: (run?: () => void) => void;
}) {
  const { t } = useTranslation();
  const entry = useMessageActionEntry(action, message);
  if (entry?.hidden) return null;
  return (
    <SheetAction
      icon={entry?.icon ?? action.icon}
      label={t(entry?.labelKey ?? action.labelKey)}
      onSelect={() => onSelect(entry?.run)}
    />
  );
}

/**
 * A phone's message actions (issue: touch), opened by a long press: react with the quick
 * emojis or the full picker, reply in the thread, copy the text or the link, and for one's
 * own message edit and delete — what the hover toolbar offers a mouse.
 */
export function MessageActionSheet({
  message,
  inThread,
  open,
  onOpenChange,
  onEdit,
  onDelete,
  actions = [],
  onAction,
}: {
  message: Message;
  inThread: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Entries other features bring (lib/message-extensions.ts: "Créer une tâche"). */
  actions?: readonly MessageAction[];
  onAction?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { me, openThread } = useChat();
  const react = useReact(message);
  const isMine = message.userId === me.id;
  const close = (then: () => void) => () => {
    onOpenChange(false);
    then();
  };
  const copy = (text: string, done: string) => async () => {
    onOpenChange(false);
    try {
      await writeClipboard(text);
      toast({ title: done });
    } catch {
      toast({
        variant: 'destructive',
        title: t('messages.errors.title'),
        description: t('messages.errors.copy'),
      });
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" className="gap-2 px-3 pt-4 pb-3">
        <SheetTitle className="sr-only">{t('messages.actions.label')}</SheetTitle>
        <SheetDescription className="line-clamp-2 pr-8 pl-1">{message.content}</SheetDescription>
        <fieldset
          aria-label={t('reactions.quick')}
          className="flex items-center justify-between gap-1 border-0 px-1 py-2"
        >
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={t('messages.sheet.reactWith', { emoji })}
              onClick={close(() => react(emoji))}
              className="grid size-10 cursor-pointer place-items-center rounded-full bg-muted text-xl outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              {emoji}
            </button>
          ))}
          <ReactionPicker onPick={(emoji) => close(() => react(emoji))()}>
            <button
              type="button"
              aria-label={t('reactions.more')}
              className="grid size-10 cursor-pointer place-items-center rounded-full bg-muted outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <SmilePlusIcon className="size-5" aria-hidden />
            </button>
          </ReactionPicker>
        </fieldset>
        <div className="grid">
          {inThread || message.parentMessageId ? null : (
            <SheetAction
              icon={MessageSquareTextIcon}
              label={t('messages.actions.reply')}
              onSelect={close(() => openThread(message))}
            />
          )}
          <SheetAction
            icon={CopyIcon}
            label={t('messages.sheet.copyText')}
            onSelect={copy(message.content, t('messages.sheet.textCopied'))}
          />
          <SheetAction
            icon={LinkIcon}
            label={t('messages.actions.copyLink')}
            onSelect={copy(messagePermalink(message), t('messages.actions.linkCopied'))}
          />
          {actions.map((action) => (
            <ExtensionAction
              key={action.id}
              action={action}
              message={message}
              onSelect={(run) => close(run ?? (() => onAction?.(action.id)))()}
            />
          ))}
          {isMine ? (
            <>
              <SheetAction
                icon={PencilIcon}
                label={t('messages.actions.edit')}
                onSelect={close(onEdit)}
              />
              <SheetAction
                icon={Trash2Icon}
                label={t('messages.actions.delete')}
                onSelect={close(onDelete)}
                destructive
              />
            </>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}
