import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileIdOfUrl, fileThumbnailUrl, formatFileSize } from '#shared/files';
import type { Attachment } from '#shared/messages';
import { useServerImage } from '@/lib/server-image';
import { cn } from '@/lib/utils';
import { FILE_KIND_COLORS, FILE_KIND_ICONS, fileKind, showsAsImage } from '../lib/file-kind';
import { DownloadLink } from './download-link';
import { ImageLightbox } from './image-lightbox';

/** A fixed height: the list does not jump when the thumbnail arrives. */
function Thumbnail({ image }: { image: Attachment }) {
  const src = useServerImage(fileThumbnailUrl(fileIdOfUrl(image.url) ?? image.id));
  return (
    <img
      src={src}
      alt={image.name}
      loading="lazy"
      className="block h-48 w-auto max-w-[min(20rem,70vw)] object-cover"
    />
  );
}

/**
 * A message's attachments (docs/product.md §2): our images as thumbnails that open the
 * lightbox, every other file as a card with its type, name, size and a download link.
 */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const images = attachments.filter((a) => showsAsImage(a.mimeType) && fileIdOfUrl(a.url));
  const others = attachments.filter((a) => !images.includes(a));
  return (
    <div className="mt-1.5 grid gap-2">
      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('files.attachmentsLabel')}>
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setOpen(index)}
                aria-label={t('files.openImage', { name: image.name })}
                className="block cursor-zoom-in overflow-hidden rounded-lg border bg-muted/40 transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-ring outline-none"
              >
                <Thumbnail image={image} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('files.attachmentsLabel')}>
          {others.map((file) => (
            <li key={file.id}>
              <FileCard file={file} />
            </li>
          ))}
        </ul>
      ) : null}
      <ImageLightbox
        images={images}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}

function FileCard({ file }: { file: Attachment }) {
  const { t } = useTranslation();
  const kind = fileKind(file.mimeType);
  const Icon = FILE_KIND_ICONS[kind];
  return (
    <DownloadLink
      href={file.url}
      download={file.name}
      rel="noopener noreferrer"
      aria-label={t('files.download', { name: file.name })}
      className="group flex w-72 max-w-full items-center gap-3 rounded-lg border bg-card px-3 py-2.5 text-sm transition-colors hover:bg-accent"
    >
      <Icon className={cn('size-7 shrink-0', FILE_KIND_COLORS[kind])} aria-hidden />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{file.name}</span>
        <span className="text-muted-foreground text-xs">
          {t(`files.types.${kind}`)} · {formatFileSize(file.size)}
        </span>
      </span>
      <DownloadIcon
        className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
        aria-hidden
      />
    </DownloadLink>
  );
}
