import { confirmDocumentUpload, createDocumentUpload } from '@shared/contracts/documents';
import { ApiError, api } from '@/lib/api-client';
import { postPresigned } from '@/lib/presigned-upload';

/**
 * The direct upload: POST api/v1/documents/upload-url/ for a presigned POST, the file straight to S3 with
 * XMLHttpRequest (fetch has no upload progress), then POST .../confirm/ so the document exists only once its file does.
 */
export interface UploadPlace {
  society: string;
  folder?: string;
  form?: 'F22' | 'F29' | 'F50';
  year?: number;
}

/** What to do with a name the folder already holds ('Reemplazar' / 'Conservar ambos'). */
export type OnConflict = 'replace' | 'keep_both';

/**
 * The folder already holds the name: the file is uploaded and waits (its upload, until it expires) for the person's
 * choice, sent with `confirmUploadAs`; nothing needs uploading again.
 */
export class NameTaken extends Error {
  constructor(readonly upload: string) {
    super('SAME_DATA');
    this.name = 'NameTaken';
  }
}

const isNameTaken = (error: unknown) => error instanceof ApiError && (error.errors?.file ?? []).includes('SAME_DATA');

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
  try {
    return await confirmUploadAs(start.upload);
  } catch (error) {
    if (isNameTaken(error)) throw new NameTaken(start.upload);
    throw error;
  }
}

/** POST .../confirm/, with the person's choice when the name is taken. */
export const confirmUploadAs = (upload: string, onConflict?: OnConflict) =>
  api(confirmDocumentUpload, { params: { uuid: upload }, body: onConflict ? { on_conflict: onConflict } : {} });
