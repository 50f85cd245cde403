import i18n from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChannelFile } from '#shared/files';
import { FILE_SIZE_LIMIT, FILES_PER_SELECTION, MESSAGE_ATTACHMENTS_MAX } from '#shared/limits';
import type { Attachment } from '#shared/messages';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { deleteFile } from '../api/delete-file';

export interface ComposerUpload {
  key: string;
  file: File;
  /** 0..1 */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  stored: ChannelFile | null;
}

let nextKey = 0;

const toAttachment = (file: ChannelFile): Attachment => ({
  id: file.id,
  name: file.originalName,
  url: file.url,
  size: file.size,
  mimeType: file.mimeType,
});

const addError = (description: string) =>
  toast({ variant: 'destructive', title: i18n.t('files.addError'), description });

/**
 * The composer's files (docs/product.md §2, §5): each selection (picker, drop, paste) holds at
 * most FILES_PER_SELECTION files, each goes up at once with its own progress and can be
 * cancelled or removed; the message carries those that are up.
 */
export function useComposerUploads(channelId: string) {
  const [uploads, setUploads] = useState<ComposerUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<ComposerUpload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const start = useCallback(
    (file: File) => {
      const key = `upload-${nextKey++}`;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      setUploads((list) => [...list, { key, file, progress: 0, state: 'uploading', stored: null }]);
      // The upload code loads with the first file, not with the composer.
      import('../api/upload-file')
        .then(({ uploadFile }) =>
          uploadFile({
            channelId,
            file,
            // Nobody else sees it until the message is sent (docs/files.md, "Drafts").
            draft: true,
            signal: controller.signal,
            onProgress: (progress) => patch(key, { progress }),
          }),
        )
        .then((stored) => patch(key, { state: 'done', progress: 1, stored }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(key, { state: 'failed' });
          toastFailure(
            error,
            i18n.t('files.uploadError'),
            i18n.t('files.uploadErrorDescription', { name: file.name }),
          );
        })
        .finally(() => controllers.current.delete(key));
    },
    [channelId, patch],
  );

  const add = useCallback(
    (files: File[], current: number) => {
      if (files.length === 0) return;
      if (files.length > FILES_PER_SELECTION) {
        addError(i18n.t('files.tooMany', { max: FILES_PER_SELECTION }));
        return;
      }
      if (current + files.length > MESSAGE_ATTACHMENTS_MAX) {
        addError(i18n.t('files.tooManyInMessage', { max: MESSAGE_ATTACHMENTS_MAX }));
        return;
      }
      const tooLarge = files.find((file) => file.size > FILE_SIZE_LIMIT);
      if (tooLarge) {
        addError(i18n.t('files.tooLarge', { name: tooLarge.name }));
        return;
      }
      for (const file of files) start(file);
      toast({ title: i18n.t('files.added', { count: files.length }) });
    },
    [start],
  );

  const remove = useCallback((upload: ComposerUpload) => {
    controllers.current.get(upload.key)?.abort();
    setUploads((list) => list.filter((u) => u.key !== upload.key));
    // Sent up but never sent with a message: the draft goes (else the purge takes it).
    if (upload.stored) {
      void deleteFile({ channelId: upload.stored.channelId, fileId: upload.stored.id }).catch(
        () => {},
      );
    }
  }, []);

  /** After the message left: the chips go, the files stay (they are the message's now). */
  const clear = useCallback(() => setUploads([]), []);

  // Leaving the channel cancels what is still going up.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const attachments = useMemo(
    () => uploads.flatMap((u) => (u.stored ? [toAttachment(u.stored)] : [])),
    [uploads],
  );
  const busy = uploads.some((u) => u.state === 'uploading');
  return {
    uploads,
    attachments,
    busy,
    add: (files: File[]) => add(files, uploads.length),
    remove,
    clear,
  };
}

export type ComposerUploads = ReturnType<typeof useComposerUploads>;
