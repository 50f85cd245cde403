import { useQueryClient } from '@tanstack/react-query';
import { SendHorizontalIcon } from 'lucide-react';
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT_PLACEHOLDER,
  BROADCAST_CONFIRM_ABOVE,
  COMPOSER_MAX_HEIGHT_PX,
} from '#shared/limits';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { toast } from '@/components/ui/use-toast';
import { commandIn, useComposerAttachments, useComposerExtras } from '@/lib/message-extensions';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { cn } from '@/lib/utils';
import { messagesKey } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';
import { useEmojiAutocomplete } from '../hooks/use-emoji-autocomplete';
import { useTypingSignal } from '../hooks/use-typing-signal';
import {
  hasBroadcast,
  useBroadcastRestricted,
  useWideMentionSuggestions,
  type WideMention,
} from '../hooks/use-wide-mentions';
import { draftKey, getDraft, setDraft } from '../lib/drafts';
import { fitTextarea } from '../lib/fit-textarea';
import { mentionQueryAt, mentionsInText } from '../lib/mention-query';
import { flattenMessages, type MessagesData } from '../lib/message-cache';
import { AuthorAvatar } from './author-avatar';
import { useChat } from './chat-context';
import { EmojiAutocompleteList } from './emoji-autocomplete-list';
import { WideMentionOptions, wideOptionId } from './wide-mention-options';

const MAX_SUGGESTIONS = 8;

// The emoji button and its picker load after the channel's first paint (not in its first load).
const ComposerEmojiButton = lazy(() => import('./composer-emoji-button'));
const BroadcastConfirmDialog = lazy(() =>
  import('./broadcast-confirm-dialog').then((module) => ({
    default: module.BroadcastConfirmDialog,
  })),
);

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The composer (docs/product.md §2, §5): Enter sends, Shift+Enter adds a line, grows to 150 px, the
 * text is trimmed and a blank one is not sent; typing signals; @mention autocomplete of
 * the channel's members (arrows, then Enter or Tab); emojis by button or `:code:`.
 */
export function Composer({
  parentMessageId = null,
  placeholder,
  autoFocus = false,
}: {
  parentMessageId?: string | null;
  placeholder: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { channel, members, me, requestEdit } = useChat();
  const queryClient = useQueryClient();
  const { send } = useSendMessage(channel.id, parentMessageId);
  const typing = useTypingSignal(channel.id);
  // What the message carries besides its text (the files feature, lib/message-extensions.tsx).
  const { parts, state: files } = useComposerAttachments(channel.id, {
    acceptDrops: !parentMessageId,
  });
  // Other features' composer commands (`/rappel`) and send options (« Programmer l’envoi »).
  const extras = useComposerExtras();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const draft = draftKey(channel.id, parentMessageId);
  const [text, setTextState] = useState(() => getDraft(me.id, draft));
  // Every change of the text is the draft too (lib/drafts): kept across switches and reloads.
  const setText = (value: string) => {
    setTextState(value);
    setDraft(me.id, draft, value);
  };
  const [mention, setMention] = useState<{ query: string; start: number } | null>(null);
  const [selected, setSelected] = useState(0);
  const picked = useRef(new Map<string, string>());
  const pendingCaret = useRef<number | null>(null);

  // After an insertion, the caret goes after it in the same commit — before any next
  // keystroke could land elsewhere (a frame later would be too late for fast typists).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new text is the trigger
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    fitTextarea(element, COMPOSER_MAX_HEIGHT_PX);
    const caret = pendingCaret.current;
    if (caret === null) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [text]);

  const suggestions = useMemo(() => {
    if (!mention) return [];
    const query = normalize(mention.query);
    const list: { user: User; name: string }[] = [];
    for (const user of members.values()) {
      const name = userDisplayName(user);
      if (!name || user.id === me.id) continue;
      const haystack = normalize(
        `${name} ${user.firstName ?? ''} ${user.lastName ?? ''} ${user.email ?? ''}`,
      );
      if (haystack.includes(query)) list.push({ user, name });
    }
    return list.sort((a, b) => a.name.localeCompare(b.name, 'fr')).slice(0, MAX_SUGGESTIONS);
  }, [mention, members, me.id]);
  // Then @channel, @here, @everyone and user groups (hooks/use-wide-mentions.ts).
  const wide = useWideMentionSuggestions(mention?.query ?? null, channel);
  const optionCount = suggestions.length + wide.length;
  const showSuggestions = mention !== null && optionCount > 0;
  // A channel-wide mention in a channel of more than 10 asks first (docs/product.md).
  const [confirming, setConfirming] = useState<(() => void) | null>(null);
  const broadcastOnce = useOpenedOnce(confirming !== null);
  const restricted = useBroadcastRestricted(channel);

  /** Replaces text[start, end) and puts the caret after what went in. */
  const replaceRange = (start: number, end: number, value: string) => {
    pendingCaret.current = start + value.length;
    // From this render's text: insertions come from events, each after the previous render.
    setText(text.slice(0, start) + value + text.slice(end));
  };
  const insertAtCaret = (value: string) => {
    const element = textarea.current;
    replaceRange(
      element?.selectionStart ?? text.length,
      element?.selectionEnd ?? text.length,
      value,
    );
  };
  const emoji = useEmojiAutocomplete(parentMessageId ?? channel.id, replaceRange);

  const blank = text.trim().length === 0 && files.attachments.length === 0;

  const updateMention = (value: string, caret: number) => {
    const next = mentionQueryAt(value, caret);
    setMention(next);
    if (next?.query !== mention?.query) setSelected(0);
  };

  const submit = (options: { urgent?: boolean } = {}) => {
    // docs/product.md §5: trimmed; blank and without attachments is not sent; with
    // attachments and no text, the text is "(attachment)". A file still going up is waited for.
    const content = text.trim();
    if (files.busy || (!content && files.attachments.length === 0)) return;
    const typed = files.attachments.length === 0 ? commandIn(extras.commands, content) : null;
    if (typed) {
      const place = { channelId: channel.id, parentMessageId };
      void typed.command.run(typed.args, place).then((done) => {
        if (done) clearComposer();
      });
      return;
    }
    const deliver = () => {
      send(
        content || ATTACHMENT_PLACEHOLDER,
        mentionsInText(content, picked.current),
        files.attachments,
        options,
      );
      clearComposer();
    };
    const broadcast = hasBroadcast(content);
    if (broadcast && restricted) {
      deliver();
      toast({ title: t('broadcast.restricted') });
      return;
    }
    if (broadcast && members.size > BROADCAST_CONFIRM_ABOVE) {
      setConfirming(() => deliver);
      return;
    }
    deliver();
  };

  function clearComposer() {
    files.clear();
    typing.stop();
    picked.current.clear();
    setText('');
    setMention(null);
  }

  const pick = (choice: { user: User; name: string }) => {
    const element = textarea.current;
    if (!element || !mention) return;
    const before = text.slice(0, mention.start);
    const after = text.slice(element.selectionStart);
    const inserted = `@${choice.name} `;
    const value = before + inserted + after;
    picked.current.set(choice.user.id, choice.name);
    pendingCaret.current = before.length + inserted.length;
    setText(value);
    setMention(null);
  };

  const pickWide = (choice: WideMention) => {
    if (!mention) return;
    const caret = textarea.current?.selectionStart ?? text.length;
    replaceRange(mention.start, caret, `@${choice.handle} `);
    setMention(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (emoji.handleKeyDown(event)) return;
    if (showSuggestions) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setSelected((index) => (index + step + optionCount) % optionCount);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const choice = suggestions[selected];
        const other = wide[selected - suggestions.length];
        if (choice) pick(choice);
        else if (other) pickWide(other);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
      return;
    }
    if (event.key === 'ArrowUp' && text === '' && !parentMessageId) {
      const messages = flattenMessages(
        queryClient.getQueryData<MessagesData>(messagesKey(channel.id)),
      );
      const mine = messages.findLast((message) => message.userId === me.id);
      if (!mine) return;
      event.preventDefault();
      requestEdit(mine.id);
    }
  };

  const listId = `mentions-${parentMessageId ?? channel.id}`;
  // Whom the draft addresses, for the notices above the box (the right to disconnect's warning).
  const directUserId = channel.type === 'direct' ? channel.directUser?.id : undefined;
  const mentioned = mentionsInText(text, picked.current).join(',');
  const recipients = useMemo(
    () =>
      [...(directUserId ? [directUserId] : []), ...(mentioned ? mentioned.split(',') : [])].filter(
        (id) => id !== me.id,
      ),
    [directUserId, mentioned, me.id],
  );

  return (
    <div data-composer="" className="shrink-0 px-4 pb-4">
      {broadcastOnce ? (
        <Suspense fallback={null}>
          <BroadcastConfirmDialog
            open={confirming !== null}
            count={members.size}
            channel={channel.type === 'group' ? channel.name : `#${channel.name}`}
            onConfirm={() => {
              confirming?.();
              setConfirming(null);
              textarea.current?.focus();
            }}
            onCancel={() => {
              setConfirming(null);
              textarea.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      <parts.Overlay state={files} />
      {extras.notices.map((Notice, index) => (
        <Notice
          // biome-ignore lint/suspicious/noArrayIndexKey: the registered list never changes
          key={index}
          channelId={channel.id}
          parentMessageId={parentMessageId}
          recipients={recipients}
          text={text.trim()}
          schedulable={!blank && !files.busy && files.attachments.length === 0}
          done={clearComposer}
          sendUrgent={() => submit({ urgent: true })}
        />
      ))}
      {/* On a phone, one line while empty and out of focus (styles.css, issue 45 item D12). */}
      <div
        data-composer-box=""
        className="relative rounded-xl border border-input bg-card shadow-sm transition-colors focus-within:border-ring/70 focus-within:ring-2 focus-within:ring-ring/20"
      >
        {showSuggestions ? (
          <div
            id={listId}
            role="listbox"
            aria-label={t('composer.mentions.label')}
            className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-lg border bg-popover p-1 shadow-xl"
          >
            {suggestions.map((choice, index) => (
              <div
                key={choice.user.id}
                id={`${listId}-${choice.user.id}`}
                role="option"
                aria-selected={index === selected}
                tabIndex={-1}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(choice);
                }}
                onMouseEnter={() => setSelected(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm',
                  index === selected && 'bg-accent text-accent-foreground',
                )}
              >
                <AuthorAvatar user={choice.user} className="size-6" />
                <span className="font-medium">{choice.name}</span>
                {choice.user.email ? (
                  <span className="truncate text-muted-foreground text-xs">
                    {choice.user.email}
                  </span>
                ) : null}
              </div>
            ))}
            <WideMentionOptions
              listId={listId}
              items={wide}
              offset={suggestions.length}
              selected={selected}
              onPick={pickWide}
              onHover={setSelected}
            />
          </div>
        ) : null}
        <EmojiAutocompleteList autocomplete={emoji} />
        <parts.Pending state={files} />
        <textarea
          ref={textarea}
          onPaste={files.onPaste}
          value={text}
          rows={1}
          // biome-ignore lint/a11y/noAutofocus: the thread composer is where the user goes next
          autoFocus={autoFocus}
          aria-label={t('composer.label')}
          placeholder={placeholder}
          role="combobox"
          aria-expanded={showSuggestions || emoji.open}
          aria-controls={showSuggestions ? listId : emoji.open ? emoji.listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={
            showSuggestions && suggestions[selected]
              ? `${listId}-${suggestions[selected].user.id}`
              : showSuggestions && wide[selected - suggestions.length]
                ? wideOptionId(listId, wide[selected - suggestions.length]!)
                : emoji.activeId
          }
          onChange={(event) => {
            setText(event.target.value);
            fitTextarea(event.target, COMPOSER_MAX_HEIGHT_PX);
            updateMention(event.target.value, event.target.selectionStart);
            emoji.update(event.target.value, event.target.selectionStart);
            if (event.target.value.trim()) typing.keystroke();
            else typing.stop();
          }}
          onKeyDown={handleKeyDown}
          onClick={(event) => {
            updateMention(text, event.currentTarget.selectionStart);
            emoji.update(text, event.currentTarget.selectionStart);
          }}
          onBlur={() => {
            setMention(null);
            emoji.close();
          }}
          style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
          className="block w-full resize-none bg-transparent px-4 pt-3 pb-1 text-[0.9375rem] leading-relaxed outline-none placeholder:text-muted-foreground"
        />
        <div data-composer-toolbar="" className="flex items-center justify-between gap-2 px-2 pb-2">
          <div className="flex items-center gap-1">
            <parts.Button state={files} />
            <Suspense fallback={<span className="size-8" />}>
              <ComposerEmojiButton onPick={insertAtCaret} />
            </Suspense>
          </div>
          <div className="flex items-center gap-3">
            <p className="hidden text-[0.6875rem] text-muted-foreground sm:block">
              {t('composer.hintPlain')}
            </p>
            <button
              type="button"
              onClick={() => submit()}
              disabled={blank || files.busy}
              aria-label={t('composer.send')}
              className="grid size-8 cursor-pointer place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm transition hover:bg-primary/90 disabled:cursor-default disabled:bg-muted disabled:text-muted-foreground"
            >
              <SendHorizontalIcon className="size-4" aria-hidden />
            </button>
            {extras.sendOptions.map((SendOption, index) => (
              <SendOption
                // biome-ignore lint/suspicious/noArrayIndexKey: the registered list never changes
                key={index}
                channelId={channel.id}
                parentMessageId={parentMessageId}
                text={text.trim()}
                disabled={blank || files.busy || files.attachments.length > 0}
                done={clearComposer}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
