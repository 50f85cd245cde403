import { UploadIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#shared/files';
import { cn } from '@/lib/utils';
import type { ComposerUpload } from '../hooks/use-composer-uploads';
import { FILE_KIND_COLORS, FILE_KIND_ICONS, fileKind } from '../lib/file-kind';

/** One chip per file: its type, name, size, its own progress bar, and cancel or remove. */
export function ComposerFileChips({
  uploads,
  onRemove,
}: {
  uploads: readonly ComposerUpload[];
  onRemove: (upload: ComposerUpload) => void;
}) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <ul aria-label={t('files.chipsLabel')} className="flex flex-wrap gap-2 px-3 pt-3">
      {uploads.map((upload) => {
        const kind = fileKind(upload.stored?.mimeType ?? upload.file.type);
        const Icon = FILE_KIND_ICONS[kind];
        const name = upload.file.name;
        const percent = Math.round(upload.progress * 100);
        const label =
          upload.state === 'uploading'
            ? t('files.uploading', { name, percent })
            : upload.state === 'done'
              ? t('files.uploaded', { name })
              : t('files.failed');
        return (
          <li
            key={upload.key}
            className={cn(
              'relative flex w-56 max-w-full items-center gap-2 overflow-hidden rounded-lg border bg-background/60 py-2 pr-1 pl-2.5 text-sm',
              upload.state === 'failed' && 'border-destructive/60',
            )}
          >
            <Icon className={cn('size-5 shrink-0', FILE_KIND_COLORS[kind])} aria-hidden />
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{name}</span>
              <span
                className={cn(
                  'text-muted-foreground text-xs',
                  upload.state === 'failed' && 'text-destructive',
                )}
              >
                {upload.state === 'failed' ? t('files.failed') : formatFileSize(upload.file.size)}
              </span>
            </span>
            <button
              type="button"
              onClick={() => onRemove(upload)}
              aria-label={
                upload.state === 'uploading'
                  ? t('files.cancel', { name })
                  : t('files.remove', { name })
              }
              className="grid size-7 shrink-0 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <XIcon className="size-3.5" aria-hidden />
            </button>
            {upload.state === 'uploading' ? (
              <div
                role="progressbar"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="absolute right-0 bottom-0 left-0 h-1 bg-muted"
              >
                <div
                  className="h-full bg-primary transition-[width]"
                  style={{ width: `${percent}%` }}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Shown over the page while files are dragged over it. */
export function FileDropOverlay() {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden
      className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-background/70 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-primary border-dashed bg-card/90 px-10 py-8 text-center shadow-2xl">
        <UploadIcon className="size-8 text-primary" />
        <p className="font-medium">{t('files.dropHere')}</p>
      </div>
    </div>
  );
}
