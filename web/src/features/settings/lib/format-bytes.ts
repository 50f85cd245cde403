import { formatFileSize } from '#shared/files';

/** A size as French readers write it ("12,3 Mo", "850 ko"): one formatter for the whole app. */
export const formatBytes = formatFileSize;
