import { createFolderTemplate } from '@shared/contracts/folders';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/folder-templates/folder/: project, folder_name, main_folder. */
export const useCreateFolderTemplate = () =>
  useMutation({
    mutationFn: (body: { project: string; folder_name: string; main_folder?: string }) =>
      api(createFolderTemplate, { body }),
  });
