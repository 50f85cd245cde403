import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_EMOJI_BYTES_MAX } from '#shared/emoji';
import type { User } from '#shared/users';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders } from '@/features/auth';
import { ApiError } from '@/lib/api';
import { createCustomEmoji, deleteCustomEmoji } from './api';
import { useCustomEmojiState } from './custom-emoji-context';
import { CustomEmojiImage } from './custom-emoji-image';

const ACCEPT = 'image/png,image/gif,image/webp';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

/**
 * Settings, workspace section « Émojis personnalisés » (docs/product.md): anyone signed in adds
 * one (a name and a PNG, GIF or WebP image of at most 256 KB); its author or an administrator
 * deletes it. The list is live (custom_emoji_created / _deleted).
 */
export function CustomEmojiCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const isAdmin = useAuthProviders().data?.isAdmin ?? false;
  const { list: loaded, added, removed } = useCustomEmojiState();
  const list = loaded ?? [];
  const isPending = loaded === null;
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const fileId = useId();
  const errorId = useId();
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) return setError(t('customEmoji.chooseImage'));
    if (file.size > CUSTOM_EMOJI_BYTES_MAX) return setError(t('customEmoji.tooLarge'));
    setBusy(true);
    try {
      const emoji = await createCustomEmoji(name, file);
      added(emoji);
      setName('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: t('customEmoji.added', { code: `:${emoji.name}:` }) });
    } catch (err) {
      setError(messageOf(err, t('customEmoji.error')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (emojiName: string) => {
    try {
      await deleteCustomEmoji(emojiName);
      removed(emojiName);
    } catch (err) {
      toast({ variant: 'destructive', title: messageOf(err, t('customEmoji.error')) });
    }
  };

  return (
    <section
      id="emoji"
      aria-labelledby={titleId}
      className="grid gap-5 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={titleId} className="font-semibold text-lg">
          {t('customEmoji.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('customEmoji.description')}</p>
      </div>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={nameId}>{t('customEmoji.name')}</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('customEmoji.namePlaceholder')}
            autoComplete="off"
            required
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fileId}>{t('customEmoji.image')}</Label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            tabIndex={-1}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="sr-only"
          />
          {/* The browser's own file button speaks its language, not the page's. */}
          <Button
            type="button"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            className="justify-start overflow-hidden font-normal"
          >
            <ImageUpIcon aria-hidden className="size-4" />
            <span className="truncate">{file ? file.name : t('customEmoji.chooseFile')}</span>
          </Button>
        </div>
        <Button type="submit" disabled={busy}>
          {t('customEmoji.submit')}
        </Button>
        <p className="text-muted-foreground text-xs sm:col-span-3">{t('customEmoji.hint')}</p>
        {error && (
          <p id={errorId} role="alert" className="text-destructive text-sm sm:col-span-3">
            {error}
          </p>
        )}
      </form>
      {isPending ? null : list.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('customEmoji.empty')}</p>
      ) : (
        <ul aria-label={t('customEmoji.listLabel')} className="grid gap-1">
          {list.map((emoji) => {
            const mayDelete = emoji.author?.id === user.id || isAdmin;
            return (
              <li
                key={emoji.name}
                className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-muted/50"
              >
                <CustomEmojiImage emoji={emoji} className="size-8" />
                <div className="grid min-w-0 flex-1">
                  <span className="truncate font-medium font-mono text-sm">:{emoji.name}:</span>
                  <span className="truncate text-muted-foreground text-xs">
                    {emoji.author?.displayName
                      ? t('customEmoji.by', { name: emoji.author.displayName })
                      : t('customEmoji.byUnknown')}
                  </span>
                </div>
                {mayDelete && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => void remove(emoji.name)}
                    aria-label={t('customEmoji.delete', { code: `:${emoji.name}:` })}
                    title={t('customEmoji.delete', { code: `:${emoji.name}:` })}
                  >
                    <Trash2Icon aria-hidden className="size-4" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
