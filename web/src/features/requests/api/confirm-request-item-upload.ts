import { confirmRequestItemUpload } from '@shared/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postPresigned } from '@/lib/presigned-upload';
import { createItemUpload } from './create-request-item-upload';
import { requestKey } from './get-request';

/** POST api/v1/requests/upload/{uuid}/confirm/: the uploaded object becomes a document delivered on the item. */
export const confirmItemUpload = (upload: string) => api(confirmRequestItemUpload, { params: { uuid: upload } });

/**
 * The direct upload into an item, as documents do theirs: a presigned POST, the file straight to S3 with
 * XMLHttpRequest (its progress reported), then the confirmation, whose answer is the request as it now is.
 */
export const useUploadItemFile = (request: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, file, onProgress }: { item: string; file: File; onProgress: (p: number) => void }) => {
      const start = await createItemUpload(request, item, file);
      await postPresigned(start, file, onProgress);
      onProgress(100);
      return confirmItemUpload(start.upload);
    },
    onSuccess: (answer) => client.setQueryData(requestKey(request), answer),
  });
};
