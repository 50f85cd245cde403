import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_DESCRIPTION_MAX, formatFileSize } from '#shared/files';
import { FILE_ACCEPT, FILE_SIZE_LIMIT } from '#shared/limits';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { UploadAbortedError, uploadFile } from '../api/upload-file';
import { rememberFile } from '../lib/file-cache';

/**
 * docs/product.md §5: one file with an optional description; the send button waits for a
 * file. Its progress shows while it goes up; closing the dialog cancels it.
 */
export function UploadFileDialog({
  channelId,
  open,
  onOpenChange,
}: {
  channelId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileId = useId();
  const descriptionId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  const reset = () => {
    controller.current?.abort();
    controller.current = null;
    setFile(null);
    setDescription('');
    setProgress(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || progress !== null) return;
    if (file.size > FILE_SIZE_LIMIT) {
      toast({
        variant: 'destructive',
        title: t('files.addError'),
        description: t('files.tooLarge', { name: file.name }),
      });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const stored = await uploadFile({
        channelId,
        file,
        description: description.trim() || undefined,
        onProgress: setProgress,
        signal: abort.signal,
      });
      rememberFile(queryClient, stored);
      toast({ title: t('files.uploadDialog.success'), description: stored.originalName });
      controller.current = null;
      reset();
      onOpenChange(false);
    } catch (error) {
      setProgress(null);
      if (error instanceof UploadAbortedError) return;
      toastFailure(
        error,
        t('files.uploadError'),
        t('files.uploadErrorDescription', { name: file.name }),
      );
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('files.uploadDialog.title')}</DialogTitle>
            <DialogDescription>{t('files.uploadDialog.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={fileId}>{t('files.uploadDialog.file')}</Label>
            <input
              id={fileId}
              type="file"
              accept={FILE_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full cursor-pointer rounded-md border bg-background text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-secondary file:px-3 file:py-2 file:font-medium file:text-secondary-foreground"
            />
            {file ? (
              <p className="text-muted-foreground text-xs">{formatFileSize(file.size)}</p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>{t('files.uploadDialog.descriptionLabel')}</Label>
            <Textarea
              id={descriptionId}
              value={description}
              maxLength={FILE_DESCRIPTION_MAX}
              placeholder={t('files.uploadDialog.descriptionPlaceholder')}
              onChange={(event) => setDescription(event.target.value)}
              rows={3}
            />
          </div>
          {progress !== null ? (
            <div
              role="progressbar"
              aria-label={t('files.uploading', {
                name: file?.name ?? '',
                percent: Math.round(progress * 100),
              })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full bg-primary transition-[width]"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('files.uploadDialog.cancel')}
            </Button>
            <Button type="submit" disabled={!file || progress !== null}>
              {t('files.uploadDialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
