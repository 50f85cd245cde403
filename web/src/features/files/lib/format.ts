import { format } from 'date-fns';
import type { ChannelFile } from '#shared/files';

/** docs/product.md §2: the uploader's first and last name (their display name, else email, failing those). */
export function uploaderName(file: ChannelFile): string | null {
  const user = file.uploadedBy;
  if (!user) return null;
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.displayName || user.email?.split('@')[0] || null;
}

/** docs/product.md §9: the displayed full date format. */
export const fileDate = (iso: string): string => format(new Date(iso), 'dd/MM/yyyy HH:mm');
