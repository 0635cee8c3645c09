import { type Envelope, http } from './http.ts';
import type { StoredFile } from './oss.ts';

/**
 * Stores a file and records it as an attachment (`POST /api/blade-resource/oss/endpoint/put-file-attach`,
 * multipart `file`), telling the bytes sent as they go.
 */
export function putFileAttach(
  file: Blob,
  onProgress?: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  const data = new FormData();
  data.append('file', file);
  return http<Envelope<StoredFile>>({
    url: '/blade-resource/oss/endpoint/put-file-attach',
    method: 'POST',
    data,
    onUploadProgress: onProgress,
    signal,
  }).then((r) => r.data);
}

/** A stored file's link that saves it under its original name rather than showing it. */
export const downloadLink = (link: string) => `${link}${link.includes('?') ? '&' : '?'}download=1`;
