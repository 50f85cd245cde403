import { type ChannelFile, fileThumbnailUrl } from '#shared/files';
import type { users } from '../../auth/schema';
import type { files } from './schema';

export type FileRow = typeof files.$inferSelect;
type UploaderRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'displayName' | 'email'
>;

/** The only way a file leaves the server: upload answer, list item and `file_added` alike. */
export function presentFile(row: FileRow, uploader: UploaderRow | null): ChannelFile {
  return {
    id: row.id,
    channelId: row.channelId,
    originalName: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    url: row.url,
    thumbnailUrl: row.thumbnail ? fileThumbnailUrl(row.id) : null,
    description: row.description,
    uploadedById: row.uploadedById,
    uploadedBy: uploader
      ? {
          id: uploader.id,
          firstName: uploader.firstName,
          lastName: uploader.lastName,
          displayName: uploader.displayName,
          email: uploader.email,
        }
      : null,
    messageId: row.messageId,
    createdAt: row.createdAt.toISOString(),
  };
}
