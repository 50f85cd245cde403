import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, XIcon } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '#shared/messages';
import { useServerImage } from '@/lib/server-image';
import { DownloadLink } from './download-link';

/**
 * A message's images, full size, one at a time: arrows (or the buttons) move between them,
 * Escape closes (Radix), focus stays inside while open.
 */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: readonly Attachment[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = index !== null;
  const current = index === null ? null : images[index];
  const currentSrc = useServerImage(current?.url);
  const total = images.length;
  const go = (step: number) => {
    if (index === null || total < 2) return;
    onIndexChange((index + step + total) % total);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <DialogPrimitive.Content
          onKeyDown={handleKeyDown}
          className="fixed inset-0 z-50 flex flex-col outline-none"
          aria-describedby={undefined}
        >
          <div className="flex items-center gap-3 px-4 py-3 text-white">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate font-medium text-sm">
              {current?.name}
              <span className="ml-2 text-white/60">
                {t('files.lightbox.title', { index: (index ?? 0) + 1, total })}
              </span>
            </DialogPrimitive.Title>
            {current ? (
              <DownloadLink
                href={current.url}
                download={current.name}
                aria-label={t('files.download', { name: current.name })}
                className="grid size-9 place-items-center rounded-md hover:bg-white/10"
              >
                <DownloadIcon className="size-5" aria-hidden />
              </DownloadLink>
            ) : null}
            <DialogPrimitive.Close
              aria-label={t('files.lightbox.close')}
              className="grid size-9 cursor-pointer place-items-center rounded-md hover:bg-white/10"
            >
              <XIcon className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
            {current ? (
              <img
                src={currentSrc}
                alt={current.name}
                className="max-h-full max-w-full rounded-md object-contain shadow-2xl"
              />
            ) : null}
            {total > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label={t('files.lightbox.previous')}
                  className="absolute left-2 grid size-11 cursor-pointer place-items-center rounded-full bg-black/50 text-white hover:bg-black/70"
                >
                  <ChevronLeftIcon className="size-6" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label={t('files.lightbox.next')}
                  className="absolute right-2 grid size-11 cursor-pointer place-items-center rounded-full bg-black/50 text-white hover:bg-black/70"
                >
                  <ChevronRightIcon className="size-6" aria-hidden />
                </button>
              </>
            ) : null}
          </div>
          <p className="hidden pb-3 text-center text-white/50 text-xs sm:block">
            {t('files.lightbox.hint')}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
