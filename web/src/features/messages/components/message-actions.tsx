import {
  LinkIcon,
  MessageSquareTextIcon,
  MoreHorizontalIcon,
  PencilIcon,
  SmilePlusIcon,
  Trash2Icon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_COPIED_RESET_MS } from '#shared/limits';
import type { Message } from '#shared/messages';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { writeClipboard } from '@/lib/clipboard';
import { type MessageAction, useMessageActionEntry } from '@/lib/message-extensions';
import { cn } from '@/lib/utils';
import { useChat } from './chat-context';
import { ReactionPicker } from './emoji-picker';
import { useReact } from './reaction-bar';

/** /channel/{id}?message={id}: opens the channel scrolled to the message. */
export function messagePermalink(message: Pick<Message, 'id' | 'channelId'>): string {
  return `${window.location.origin}/channel/${message.channelId}?message=${message.id}`;
}

function ActionButton({
  label,
  onClick,
  children,
  ...rest
}: { label: string; onClick?: () => void; children: ReactNode } & Record<string, unknown>) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={label}
          onClick={onClick}
          className="grid size-8 cursor-pointer place-items-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent data-[state=open]:text-foreground"
          {...rest}
        >
          {children}
        </button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** Another feature's entry: opens its dialog, or acts at once (lib/message-extensions.tsx). */
function ActionMenuItem({
  action,
  message,
  onAction,
}: {
  action: MessageAction;
  message: Message;
  onAction: (id: string) => void;
}) {
  const { t } = useTranslation();
  const entry = useMessageActionEntry(action, message);
  if (entry?.hidden) return null;
  const Icon = entry?.icon ?? action.icon;
  return (
    <DropdownMenuItem onSelect={() => (entry ? entry.run() : onAction(action.id))}>
      <Icon aria-hidden />
      {t(entry?.labelKey ?? action.labelKey)}
    </DropdownMenuItem>
  );
}

/**
 * The hover toolbar (docs/product.md §2): add reaction (8 quick emojis + full picker), reply in
 * thread, copy link, and a menu: create a task, and for the author only, edit and delete.
 */
export function MessageActions({
  message,
  inThread,
  onEdit,
  onDelete,
  onOpenChange,
  actions,
  onAction,
}: {
  message: Message;
  inThread: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onOpenChange: (open: boolean) => void;
  /** Entries other features bring (lib/message-extensions.ts: "Créer une tâche"), for every message. */
  actions: readonly MessageAction[];
  onAction: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { me, openThread } = useChat();
  const react = useReact(message);
  const [copied, setCopied] = useState(false);
  const isMine = message.userId === me.id;

  const handleCopy = async () => {
    try {
      await writeClipboard(messagePermalink(message));
      setCopied(true);
      setTimeout(() => setCopied(false), LINK_COPIED_RESET_MS);
      toast({ title: t('messages.actions.linkCopied') });
    } catch {
      toast({
        variant: 'destructive',
        title: t('messages.errors.title'),
        description: t('messages.errors.copy'),
      });
    }
  };

  return (
    <div
      role="toolbar"
      aria-label={t('messages.actions.label')}
      className={cn(
        'absolute -top-4 right-3 z-10 flex items-center gap-0.5 rounded-lg border bg-popover p-0.5 shadow-lg',
        'pointer-events-none opacity-0 transition-opacity duration-100',
        'group-hover/message:pointer-events-auto group-hover/message:opacity-100',
        // Keyboard focus inside the message shows it; a mouse click that leaves focus on a
        // button does not keep it stuck open.
        'group-has-[:focus-visible]/message:pointer-events-auto group-has-[:focus-visible]/message:opacity-100',
        'group-focus-visible/message:pointer-events-auto group-focus-visible/message:opacity-100',
        'group-data-[active=true]/message:pointer-events-auto group-data-[active=true]/message:opacity-100',
      )}
    >
      <ReactionPicker onPick={react} onOpenChange={onOpenChange}>
        <ActionButton label={t('messages.actions.addReaction')}>
          <SmilePlusIcon className="size-4" aria-hidden />
        </ActionButton>
      </ReactionPicker>
      {inThread || message.parentMessageId ? null : (
        <ActionButton label={t('messages.actions.reply')} onClick={() => openThread(message)}>
          <MessageSquareTextIcon className="size-4" aria-hidden />
        </ActionButton>
      )}
      <ActionButton
        label={copied ? t('messages.actions.linkCopied') : t('messages.actions.copyLink')}
        onClick={handleCopy}
      >
        <LinkIcon className={cn('size-4', copied && 'text-online')} aria-hidden />
      </ActionButton>
      {
        <DropdownMenu onOpenChange={onOpenChange}>
          <DropdownMenuTrigger asChild>
            <ActionButton label={t('messages.actions.more')}>
              <MoreHorizontalIcon className="size-4" aria-hidden />
            </ActionButton>
          </DropdownMenuTrigger>
          {/* Focus goes back to the page, not to a toolbar that would then stay on screen. */}
          <DropdownMenuContent align="end" onCloseAutoFocus={(event) => event.preventDefault()}>
            {actions.map((action) => (
              <ActionMenuItem
                key={action.id}
                action={action}
                message={message}
                onAction={onAction}
              />
            ))}
            {isMine ? (
              <>
                <DropdownMenuItem onSelect={onEdit}>
                  <PencilIcon aria-hidden />
                  {t('messages.actions.edit')}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={onDelete}>
                  <Trash2Icon aria-hidden />
                  {t('messages.actions.delete')}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      }
    </div>
  );
}
