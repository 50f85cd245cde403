import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkPreview } from '#shared/link-previews';
import type { Message } from '#shared/messages';
import { IconButton } from '@/components/ui/icon-button';
import { useCurrentUser } from '@/features/auth';
import { useServerImage } from '@/lib/server-image';
import { toastFailure } from '@/lib/toast-failure';
import { useRemoveLinkPreview } from '../api/remove-link-preview';

/**
 * The previews of a message's links (docs/product.md, « Aperçus de liens »): one compact card
 * each — site, title as the link, two lines of description, the server's thumbnail (never the
 * site's own image address) — and, for the message's author, « Retirer l’aperçu ».
 */
export function LinkPreviewCards({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const remove = useRemoveLinkPreview();
  // Gone at once for its author; message_updated then brings the message without it.
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const previews = (message.previews ?? []).filter((p) => !removed.includes(p.id));
  if (previews.length === 0) return null;
  const mine = me?.id === message.userId;

  const handleRemove = (preview: LinkPreview) => {
    setRemoved((ids) => [...ids, preview.id]);
    remove.mutate(
      { messageId: message.id, previewId: preview.id },
      {
        onError: (err) => {
          setRemoved((ids) => ids.filter((id) => id !== preview.id));
          toastFailure(err, t('linkPreviews.removeFailed'), t('linkPreviews.removeFailed'));
        },
      },
    );
  };

  return (
    <ul className="mt-1.5 grid max-w-xl gap-2" aria-label={t('linkPreviews.listLabel')}>
      {previews.map((preview) => (
        <LinkPreviewCard
          key={preview.id}
          preview={preview}
          onRemove={mine ? () => handleRemove(preview) : undefined}
        />
      ))}
    </ul>
  );
}

function LinkPreviewCard({
  preview,
  onRemove,
}: {
  preview: LinkPreview;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const image = useServerImage(preview.image?.url);
  const host = new URL(preview.url).hostname.replace(/^www\./, '');
  return (
    <li className="relative flex gap-3 overflow-hidden rounded-lg border border-l-4 border-l-primary/70 bg-card/60 py-2.5 pr-9 pl-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-muted-foreground text-xs">{preview.siteName ?? host}</p>
        <a
          href={preview.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="line-clamp-2 break-words font-semibold text-primary text-sm hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {preview.title ?? host}
        </a>
        {preview.description ? (
          <p className="mt-0.5 line-clamp-2 break-words text-muted-foreground text-sm">
            {preview.description}
          </p>
        ) : null}
      </div>
      {preview.image ? (
        <img
          src={image}
          alt=""
          width={preview.image.width}
          height={preview.image.height}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0 self-center rounded-md bg-muted object-cover sm:size-20"
        />
      ) : null}
      {onRemove ? (
        <IconButton
          label={t('linkPreviews.remove')}
          size="icon-sm"
          onClick={onRemove}
          className="absolute top-1 right-1 text-muted-foreground hover:text-foreground"
        >
          <XIcon aria-hidden />
        </IconButton>
      ) : null}
    </li>
  );
}
