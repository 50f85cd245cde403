import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { fileIdOfUrl } from '#shared/files';
import { API_ORIGIN } from '@/lib/api';
import { toastFailure } from '@/lib/toast-failure';

/**
 * A file's download link. In the browser a plain link, the session cookie going along. In the
 * app (docs/mobile.md, "Files") the WebView can neither send the token with a link nor save
 * what it gets: a click asks the server for a ticketed link and opens it in the system
 * browser, which downloads or shows the file itself.
 */
export function DownloadLink({ href, download, ...props }: ComponentProps<'a'> & { href: string }) {
  const { t } = useTranslation();
  const fileId = API_ORIGIN ? fileIdOfUrl(href) : null;
  if (!fileId) return <a href={href} download={download} {...props} />;
  return (
    <a
      href={`${API_ORIGIN}${href}`}
      {...props}
      onClick={(event) => {
        event.preventDefault();
        import('@/native/start')
          .then(({ openDownload }) => openDownload(fileId))
          .catch((error: unknown) =>
            toastFailure(error, t('files.downloadError'), t('files.downloadError')),
          );
      }}
    />
  );
}
