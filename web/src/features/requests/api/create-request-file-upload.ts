import { createRequestFileUpload } from '@shared/contracts/requests';
import { api } from '@/lib/api-client';
import { postPresigned } from '@/lib/presigned-upload';

/**
 * An item's template file, uploaded as documents are: POST api/v1/requests/template-files/upload-url/ for a presigned
 * POST, then the file straight to S3 with its progress. Answers the upload the request or template then names.
 */
export async function uploadRequestFile(project: string, file: File, onProgress: (percent: number) => void) {
  const start = await api(createRequestFileUpload, {
    body: {
      project,
      file_name: file.name,
      file_size: file.size,
      content_type: file.type || 'application/octet-stream',
    },
  });
  await postPresigned(start, file, onProgress);
  onProgress(100);
  return start.upload;
}
