import { SmilePlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { isUnauthorized } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useToggleReaction } from '../api/toggle-reaction';
import { useChat } from './chat-context';
import { ReactionPicker } from './emoji-picker';
import { ReactionEmoji } from './reaction-emoji';

// "Alice, Bob et Vous": the French conjunction comes from Intl, not from a literal.
const listFormat = new Intl.ListFormat('fr', { style: 'long', type: 'conjunction' });

export function useReact(message: Message) {
  const { t } = useTranslation();
  const { me } = useChat();
  const toggle = useToggleReaction();
  return (emoji: string) =>
    toggle.mutate(
      { message, emoji, userId: me.id },
      {
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            variant: 'destructive',
            title: t('messages.errors.title'),
            description: t('reactions.error'),
          });
        },
      },
    );
}

function reactedKey(mine: boolean, people: number) {
  if (mine) return people > 1 ? 'reactions.reactedYouAndOthers' : 'reactions.reactedYou';
  return people > 1 ? 'reactions.reactedMany' : 'reactions.reactedOne';
}

/** Grouped reaction chips (docs/product.md §2): emoji and count, mine highlighted, who in a tooltip. */
export function ReactionBar({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { me, members } = useChat();
  const react = useReact(message);
  if (message.reactions.length === 0) return null;

  const nameOf = (userId: string) =>
    userId === me.id
      ? t('reactions.you')
      : (userDisplayName(members.get(userId)) ?? t('common.unknownUser'));

  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1">
      {message.reactions.map((group) => {
        const mine = group.userIds.includes(me.id);
        // "Vous et Bob avez réagi": you first, and the verb agrees with you.
        const names = [...(mine ? [me.id] : []), ...group.userIds.filter((id) => id !== me.id)].map(
          nameOf,
        );
        const who = listFormat.format(names);
        return (
          <Tooltip key={group.emoji}>
            <TooltipTrigger asChild>
              <button
                type="button"
                aria-pressed={mine}
                aria-label={t('reactions.chip', { emoji: group.emoji, count: group.count })}
                onClick={() => react(group.emoji)}
                className={cn(
                  'inline-flex h-6 cursor-pointer items-center gap-1 rounded-full border px-2 text-xs tabular-nums transition-colors',
                  mine
                    ? 'border-primary/60 bg-primary/15 text-foreground hover:bg-primary/25'
                    : 'border-border bg-muted/50 text-muted-foreground hover:border-muted-foreground/50 hover:bg-muted',
                )}
              >
                <ReactionEmoji value={group.emoji} />
                <span className={cn('font-semibold', mine && 'text-primary')}>{group.count}</span>
              </button>
            </TooltipTrigger>
            <TooltipContent className="max-w-64 text-center">
              {t(reactedKey(mine, names.length), { names: who, emoji: group.emoji })}
            </TooltipContent>
          </Tooltip>
        );
      })}
      <ReactionPicker onPick={react}>
        <button
          type="button"
          aria-label={t('reactions.add')}
          className="inline-flex h-6 cursor-pointer items-center rounded-full border border-transparent px-1.5 text-muted-foreground opacity-0 transition hover:border-border hover:bg-muted hover:text-foreground group-hover/message:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100"
        >
          <SmilePlusIcon className="size-3.5" aria-hidden />
        </button>
      </ReactionPicker>
    </div>
  );
}
