import type { ApiErrorBody } from '#shared/auth';
import type { ChannelFile } from '#shared/files';
import { API_ORIGIN, ApiError } from '@/lib/api';
import { sessionHeaders } from '@/lib/session-token';

export interface UploadFileInput {
  channelId: string;
  file: File;
  description?: string;
  /**
   * A composer's pick (docs/files.md, "Drafts"): its uploader's alone until the message
   * carrying it is sent, purged if it never is. The files tab shares its uploads at once.
   */
  draft?: boolean;
  /** Sent bytes / total, as the browser reports them. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export class UploadAbortedError extends Error {}

/**
 * POST /api/channels/{id}/files/upload (multipart: file, description, draft). Through
 * XMLHttpRequest, the one browser API that reports upload progress; one file per request.
 */
export function uploadFile({
  channelId,
  file,
  description,
  draft,
  onProgress,
  signal,
}: UploadFileInput): Promise<ChannelFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_ORIGIN}/api/channels/${encodeURIComponent(channelId)}/files/upload`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText || xhr.statusText;
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ChannelFile);
      else reject(new ApiError(xhr.status, body as ApiErrorBody | null, text));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Upload failed'));
    xhr.onabort = () => reject(new UploadAbortedError('aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (description) form.append('description', description);
    if (draft) form.append('draft', 'true');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
