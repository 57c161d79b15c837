import type { FileInfo, UploadPurpose } from '@portal/contract';
import { api } from '../../../lib/api/client.ts';

/** POST /Files (multipart, field File); the server checks the content and answers the stored file. */
export function uploadFile(file: File, purpose: UploadPurpose = 'attachment') {
  const body = new FormData();
  body.append('File', file);
  return api.post<FileInfo>('/Files', body, { query: { purpose } });
}

/** DELETE /Files/{id}: for an upload that nothing refers to. */
export const deleteFile = (id: number) => api.delete<void>(`/Files/${id}`);
