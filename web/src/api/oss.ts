import { type Envelope, http } from './http.ts';

/** A file as the object storage keeps it (BladeX's BladeFile). */
export interface StoredFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** Stores a file in the tenant's object storage (`POST /api/blade-resource/oss/endpoint/put-file`, multipart `file`). */
export function putFile(file: Blob): Promise<StoredFile> {
  const data = new FormData();
  data.append('file', file);
  return http<Envelope<StoredFile>>({ url: '/blade-resource/oss/endpoint/put-file', method: 'POST', data }).then(
    (r) => r.data,
  );
}
