import { useTranslation } from 'react-i18next';
import { userDisplayName } from '#shared/user-names';
import { useTyping } from '../api/get-typing';
import { typingText } from '../lib/typing-text';
import { useChat } from './chat-context';

/** The typing line under the list (docs/product.md §2, §4): polled every 2 s, patched live by events. */
export function TypingLine({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const { me } = useChat();
  const { data = [] } = useTyping(channelId, me.id);
  const names = data.map((user) => userDisplayName(user) ?? t('common.unknownUser'));
  const text = typingText(names, t);
  return (
    <div
      className="flex h-6 shrink-0 items-center px-5 text-muted-foreground text-xs"
      aria-live="polite"
    >
      {text ? (
        <p className="flex items-center gap-2" data-testid="typing-line">
          <span className="flex gap-0.5" aria-hidden>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1 animate-bounce rounded-full bg-muted-foreground"
                style={{ animationDelay: `${delay}ms` }}
              />
            ))}
          </span>
          <span className="truncate">{text}</span>
        </p>
      ) : null}
    </div>
  );
}
