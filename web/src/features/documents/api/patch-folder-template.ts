import { patchFolderTemplate } from '@shared/contracts/folders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/folder-templates/folder/{uuid}/: rename (folder_name, project). */
export const usePatchFolderTemplate = () =>
  useMutation({
    mutationFn: ({ uuid, ...body }: { uuid: string; folder_name: string; project: string }) =>
      api(patchFolderTemplate, { params: { uuid }, body }),
  });
