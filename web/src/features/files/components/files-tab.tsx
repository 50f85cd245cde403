import { DownloadIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelWithMembers } from '#shared/channels';
import { type ChannelFile, formatFileSize } from '#shared/files';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth';
import { cn } from '@/lib/utils';
import { useChannelFiles } from '../api/get-channel-files';
import { FILE_KIND_COLORS, FILE_KIND_ICONS, fileKind } from '../lib/file-kind';
import { fileDate, uploaderName } from '../lib/format';
import { DeleteFileDialog } from './delete-file-dialog';
import { DownloadLink } from './download-link';
import { UploadFileDialog } from './upload-file-dialog';

/**
 * docs/product.md §2 files tab: the channel's files with name, size, type, description,
 * uploader and date; upload with a description, download, and delete (for its uploader and
 * the channel's owner, as the server rules).
 */
export function FilesTab({ channel }: { channel: ChannelWithMembers }) {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const files = useChannelFiles(channel.id);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<ChannelFile | null>(null);
  const isOwner = channel.members.some((m) => m.userId === me?.id && m.role === 'owner');
  const canDelete = (file: ChannelFile) => isOwner || file.uploadedById === me?.id;

  return (
    <div className="mx-auto w-full max-w-5xl p-4 md:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="font-semibold text-muted-foreground text-xs uppercase tracking-wider">
          {t('files.tab.title')}
          {files.data ? ` — ${files.data.length}` : ''}
        </h2>
        <Button type="button" size="sm" onClick={() => setUploading(true)}>
          <UploadIcon aria-hidden />
          {t('files.tab.upload')}
        </Button>
      </div>
      {files.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={t('files.tab.loading')}
          className="grid gap-2"
        >
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-12 w-full" />
          ))}
        </div>
      ) : (files.data ?? []).length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground text-sm">
          {t('files.tab.empty')}
        </p>
      ) : (
        // The columns follow the table's own width (a container query), not the window's: the
        // sidebars take a share of it. The name takes what the fixed columns leave; the
        // description goes under it.
        <div className="@container overflow-hidden rounded-xl border bg-card/40">
          <table className="w-full table-fixed text-sm" aria-label={t('files.tab.listLabel')}>
            <thead className="border-b bg-muted/30 text-left text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('files.tab.name')}
                </th>
                <th scope="col" className="hidden w-20 px-3 py-2 font-medium @2xl:table-cell">
                  {t('files.tab.size')}
                </th>
                <th scope="col" className="hidden w-24 px-3 py-2 font-medium @4xl:table-cell">
                  {t('files.tab.type')}
                </th>
                <th scope="col" className="hidden w-32 px-3 py-2 font-medium @3xl:table-cell">
                  {t('files.tab.uploader')}
                </th>
                <th scope="col" className="hidden w-36 px-3 py-2 font-medium @3xl:table-cell">
                  {t('files.tab.date')}
                </th>
                <th scope="col" className="w-24 px-3 py-2 text-right font-medium">
                  <span className="sr-only">{t('files.tab.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border/60">
              {(files.data ?? []).map((file) => (
                <FileRow
                  key={file.id}
                  file={file}
                  canDelete={canDelete(file)}
                  onDelete={() => setDeleting(file)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <UploadFileDialog channelId={channel.id} open={uploading} onOpenChange={setUploading} />
      <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function FileRow({
  file,
  canDelete,
  onDelete,
}: {
  file: ChannelFile;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const kind = fileKind(file.mimeType);
  const Icon = FILE_KIND_ICONS[kind];
  const uploader = uploaderName(file) ?? t('files.tab.unknownUploader');
  return (
    <tr className="align-middle">
      <td className="px-3 py-2.5">
        <div className="flex min-w-0 items-center gap-2.5">
          <Icon className={cn('size-5 shrink-0', FILE_KIND_COLORS[kind])} aria-hidden />
          <div className="grid min-w-0">
            <span className="truncate font-medium" title={file.originalName}>
              {file.originalName}
            </span>
            {/* A column without room folds under the name (the type goes last, so leads). */}
            <span className="text-muted-foreground text-xs @4xl:hidden">
              {t(`files.types.${kind}`)}
              <span className="@2xl:hidden"> · {formatFileSize(file.size)}</span>
              <span className="@3xl:hidden">
                {' '}
                · {uploader} · {fileDate(file.createdAt)}
              </span>
            </span>
            {file.description ? (
              <span className="truncate text-muted-foreground text-xs" title={file.description}>
                {file.description}
              </span>
            ) : null}
          </div>
        </div>
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2.5 text-muted-foreground tabular-nums @2xl:table-cell">
        {formatFileSize(file.size)}
      </td>
      <td className="hidden truncate px-3 py-2.5 text-muted-foreground @4xl:table-cell">
        {t(`files.types.${kind}`)}
      </td>
      <td className="hidden truncate px-3 py-2.5 @3xl:table-cell" title={uploader}>
        {uploader}
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2.5 text-muted-foreground tabular-nums @3xl:table-cell">
        {fileDate(file.createdAt)}
      </td>
      <td className="px-3 py-2.5">
        <div className="flex justify-end gap-1">
          <IconButton
            asChild
            size="icon-sm"
            label={t('files.download', { name: file.originalName })}
          >
            <DownloadLink
              href={file.url}
              download={file.originalName}
              title={t('files.downloadShort')}
            >
              <DownloadIcon aria-hidden />
            </DownloadLink>
          </IconButton>
          {canDelete ? (
            <IconButton
              type="button"
              size="icon-sm"
              onClick={onDelete}
              label={t('files.tab.delete', { name: file.originalName })}
              title={t('files.tab.delete', { name: file.originalName })}
              className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
            >
              <Trash2Icon aria-hidden />
            </IconButton>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
