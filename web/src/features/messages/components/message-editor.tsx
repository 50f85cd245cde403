import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPOSER_MAX_HEIGHT_PX } from '#shared/limits';
import type { Message } from '#shared/messages';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { isUnauthorized } from '@/lib/api';
import { useEditMessage } from '../api/edit-message';
import { fitTextarea } from '../lib/fit-textarea';

/** Inline editor (docs/product.md §5): save disabled when blank, Escape cancels, Enter saves. */
export function MessageEditor({ message, onDone }: { message: Message; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(message.content);
  const ref = useRef<HTMLTextAreaElement>(null);
  const edit = useEditMessage();
  const blank = draft.trim().length === 0;

  useEffect(() => {
    const textarea = ref.current;
    if (!textarea) return;
    fitTextarea(textarea, COMPOSER_MAX_HEIGHT_PX * 2);
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const save = () => {
    const content = draft.trim();
    if (!content) return;
    if (content === message.content) return onDone();
    edit.mutate(
      { messageId: message.id, content },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isUnauthorized(error)) return;
          toast({
            variant: 'destructive',
            title: t('messages.errors.title'),
            description: t('messages.errors.edit'),
          });
        },
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <div className="mt-1 rounded-lg border border-ring/60 bg-background p-2 shadow-sm">
      <textarea
        ref={ref}
        aria-label={t('messages.edit.label')}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          fitTextarea(event.target, COMPOSER_MAX_HEIGHT_PX * 2);
        }}
        onKeyDown={handleKeyDown}
        rows={1}
        className="block w-full resize-none bg-transparent text-[0.9375rem] leading-relaxed outline-none"
      />
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-muted-foreground text-xs">{t('messages.edit.hint')}</p>
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={onDone}>
            {t('messages.edit.cancel')}
          </Button>
          <Button size="sm" onClick={save} disabled={blank || edit.isPending}>
            {t('messages.edit.save')}
          </Button>
        </div>
      </div>
    </div>
  );
}
