import { useEffect, useState } from 'react';
import { API_ORIGIN } from './api';
import { sessionHeaders } from './session-token';

/**
 * The `src` of an image the server keeps behind the session (a file's thumbnail, the file):
 * in the browser its path as it is, the cookie going along; in the app (docs/mobile.md), the
 * path on VITE_SERVER_ORIGIN fetched with the session token into a blob URL, released when the
 * image goes. Absolute URLs are left as they are.
 */
export function useServerImage(path: string | null | undefined): string | undefined {
  const viaToken = API_ORIGIN !== '' && typeof path === 'string' && path.startsWith('/');
  const [blobUrl, setBlobUrl] = useState<string>();
  useEffect(() => {
    if (!viaToken || !path) return;
    let live = true;
    let url: string | undefined;
    fetch(`${API_ORIGIN}${path}`, { credentials: 'include', headers: sessionHeaders() })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setBlobUrl(url);
      })
      // Not loaded: the image shows its alt text, as an <img> that failed would.
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setBlobUrl(undefined);
    };
  }, [viaToken, path]);
  return viaToken ? blobUrl : (path ?? undefined);
}
