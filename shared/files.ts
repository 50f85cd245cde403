import { z } from 'zod';

export const FILE_DESCRIPTION_MAX = 500;

/**
 * The types Ruche accepts (docs/product.md §5: images, pdf, doc, docx, txt), as the server
 * names them once it has read the bytes (docs/files.md). The browser's file picker is only
 * a hint (`FILE_ACCEPT`); the server decides.
 */
export const RASTER_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;

export const isRasterImage = (mimeType: string): boolean =>
  (RASTER_IMAGE_TYPES as readonly string[]).includes(mimeType);

/** Who uploaded a file, as the files tab shows them (docs/product.md §2: first and last name). */
export interface FileUploader {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
}

/**
 * The wire shape of a stored file: POST .../files/upload answers it (a superset of
 * docs/product.md §7's id, originalName, url, size, mimeType), GET .../files lists it, and
 * the `file_added` event carries it.
 */
export interface ChannelFile {
  id: string;
  channelId: string;
  originalName: string;
  mimeType: string;
  size: number;
  /** GET /api/files/{id}/download */
  url: string;
  /** GET /api/files/{id}/thumbnail, for raster images; null otherwise. */
  thumbnailUrl: string | null;
  description: string | null;
  uploadedById: string | null;
  uploadedBy: FileUploader | null;
  /** The message it is attached to, once that message is sent. */
  messageId: string | null;
  createdAt: string;
}

export const fileDownloadUrl = (id: string) => `/api/files/${id}/download`;
export const fileThumbnailUrl = (id: string) => `/api/files/${id}/thumbnail`;
/** POST: a download address that needs no session, for the app's system browser (docs/mobile.md). */
export const fileDownloadLinkUrl = (id: string) => `/api/files/${id}/download-link`;

/** The answer to POST /api/files/{id}/download-link: the download path with its ticket. */
export interface FileDownloadLink {
  url: string;
}

/**
 * GET /api/me/storage: the bytes the account's files take (originals and thumbnails) and its
 * quota, null when unlimited (docs/files.md, "Quotas").
 */
export interface StorageUsage {
  used: number;
  quota: number | null;
}

/** GET /api/admin/storage: the instance's total, and the accounts that use the most. */
export interface InstanceStorage {
  used: number;
  quota: number | null;
  perUserQuota: number | null;
  topUsers: Array<{ user: FileUploader; used: number; files: number }>;
}

/** The id of a file of ours behind an attachment's url, or null for any other link. */
export function fileIdOfUrl(url: string): string | null {
  const match =
    /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/download$/i.exec(
      url,
    );
  return match?.[1] ?? null;
}

/** The multipart form's text fields (the `file` part aside). */
export const FileUploadFieldsSchema = z.object({
  description: z
    .string({ error: 'La description doit être un texte' })
    .trim()
    .max(
      FILE_DESCRIPTION_MAX,
      `La description ne peut pas dépasser ${FILE_DESCRIPTION_MAX} caractères`,
    )
    .optional()
    .transform((value) => value || null),
  /**
   * "true" from a composer (docs/files.md, "Drafts"): the file stays its uploader's alone
   * until the message carrying it is sent, and is purged if it never is.
   */
  draft: z
    .enum(['true', 'false'], { error: 'draft vaut true ou false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type FileUploadFields = z.output<typeof FileUploadFieldsSchema>;

export const FILE_TOO_LARGE = 'Le fichier dépasse la taille maximale de 10 Mo';
export const FILE_TYPE_REFUSED =
  'Type de fichier non accepté : images, PDF, DOC, DOCX ou TXT uniquement';
export const FILE_NOT_FOUND = 'Fichier introuvable';
/** docs/files.md, "Quotas": the account's share is used up (413), or the instance's (507). */
export const STORAGE_QUOTA_EXCEEDED =
  'Votre espace de stockage est plein : supprimez des fichiers pour en envoyer d’autres';
export const STORAGE_FULL = 'L’espace de stockage de Ruche est plein : prévenez un administrateur';
export const DOWNLOAD_LINK_EXPIRED =
  'Ce lien de téléchargement a expiré : ouvrez le fichier à nouveau depuis Ruche';

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const sizeFormats = SIZE_UNITS.map(
  (unit) => new Intl.NumberFormat('fr-FR', { style: 'unit', unit, maximumFractionDigits: 1 }),
);

/**
 * A size as French readers write it, through Intl (issue 45, item 7): "850 o", "147 ko",
 * "1,5 Mo", "1 Go" — binary steps (1 Mo = 1024² octets, as the limits count them), one
 * decimal at most, a no-break space before the unit.
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return sizeFormats[unit]!.format(value);
}
