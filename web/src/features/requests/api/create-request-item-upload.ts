import { createRequestItemUpload } from '@shared/contracts/requests';
import { api } from '@/lib/api-client';

/** POST api/v1/requests/request/{uuid}/item/{item}/upload-url/: a presigned POST for one file into an open item. */
export const createItemUpload = (request: string, item: string, file: File) =>
  api(createRequestItemUpload, {
    params: { uuid: request, item },
    body: { file_name: file.name, file_size: file.size, content_type: file.type || 'application/octet-stream' },
  });
