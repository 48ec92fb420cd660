import { createMessageAttachmentUpload } from '@shared/contracts/messages';
import { api } from '@/lib/api-client';
import { postPresigned } from '@/lib/presigned-upload';

/**
 * A message's file, uploaded as documents are: POST api/v1/messages/society/{uuid}/attachments/ for a presigned POST,
 * then the file straight to S3 with its progress. Answers the upload the message then names; the message's own call
 * makes it a document of the society.
 */
export async function uploadAttachment(society: string, file: File, onProgress: (percent: number) => void) {
  const start = await api(createMessageAttachmentUpload, {
    params: { uuid: society },
    body: { file_name: file.name, file_size: file.size, content_type: file.type || 'application/octet-stream' },
  });
  await postPresigned(start, file, onProgress);
  onProgress(100);
  return start.upload;
}

/**
 * Uploads the files one after another, each reported by its index, and answers their uploads in order. A file already
 * uploaded by an earlier try of the same message (`done`) is not sent again: the message names the same upload, which
 * the server recognises.
 */
export async function uploadAttachments(
  society: string,
  files: readonly File[],
  done: Map<File, string>,
  onProgress: (index: number, percent: number) => void,
): Promise<string[]> {
  const uploads: string[] = [];
  for (const [index, file] of files.entries()) {
    const known = done.get(file);
    const upload = known ?? (await uploadAttachment(society, file, (percent) => onProgress(index, percent)));
    if (known) onProgress(index, 100);
    done.set(file, upload);
    uploads.push(upload);
  }
  return uploads;
}
