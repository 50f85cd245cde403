import { FileIcon, FileImageIcon, FileTextIcon, FileTypeIcon, type LucideIcon } from 'lucide-react';
import { isRasterImage } from '#shared/files';

export type FileKind = 'image' | 'pdf' | 'doc' | 'text' | 'other';

export function fileKind(mimeType: string): FileKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType.includes('word') || mimeType === 'application/msword') return 'doc';
  if (mimeType.startsWith('text/plain')) return 'text';
  return 'other';
}

export const FILE_KIND_ICONS: Record<FileKind, LucideIcon> = {
  image: FileImageIcon,
  pdf: FileTypeIcon,
  doc: FileTextIcon,
  text: FileTextIcon,
  other: FileIcon,
};

export const FILE_KIND_COLORS: Record<FileKind, string> = {
  image: 'text-emerald-400',
  pdf: 'text-rose-400',
  doc: 'text-sky-400',
  text: 'text-amber-300',
  other: 'text-muted-foreground',
};

/** Shown as a picture in a message: one of our raster images, which has a thumbnail. */
export const showsAsImage = (mimeType: string) => isRasterImage(mimeType);
