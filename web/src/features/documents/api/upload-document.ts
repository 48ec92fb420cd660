import { confirmDocumentUpload, createDocumentUpload } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

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

function postWithProgress(url: string, form: FormData, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`S3 ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('S3 network error'));
    xhr.send(form);
  });
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
  const form = new FormData();
  for (const [name, value] of Object.entries(start.fields)) form.append(name, value);
  // S3 reads the fields before the file: the file goes last.
  form.append('file', file);
  await postWithProgress(start.url, form, onProgress);
  onProgress(100);
  return api(confirmDocumentUpload, { params: { uuid: start.upload } });
}
