import { confirmDocumentUpload, createDocumentUpload } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';
import { postPresigned } from '@/lib/presigned-upload';

/**
 * The direct upload (issue 10): POST api/v1/documents/upload-url/ for a presigned POST, the file straight to S3 with
 * XMLHttpRequest (fetch has no upload progress), then POST .../confirm/ so the document exists only once its file does.
 */
export interface UploadPlace {
  society: string;
  folder?: string;
  form?: 'F22' | 'F29' | 'F50';
  year?: number;
}

export async function uploadDocumentFile(place: UploadPlace, file: File, onProgress: (percent: number) => void) {
  const start = await api(createDocumentUpload, {
    body: {
      ...place,
      file_name: file.name,
      file_size: file.size,
      content_type: file.type || 'application/octet-stream',
    },
  });
  await postPresigned(start, file, onProgress);
  onProgress(100);
  return api(confirmDocumentUpload, { params: { uuid: start.upload } });
}
