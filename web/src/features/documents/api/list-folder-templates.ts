import { listFolderTemplates } from '@shared/contracts/folders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/folder-templates/list?project=&folder=: one level of a project's template folders. */
export const useFolderTemplates = (project: string, folder: string | undefined, search: string) =>
  useQuery({
    queryKey: [listFolderTemplates.id, project, folder, search],
    queryFn: ({ signal }) =>
      api(listFolderTemplates, { query: { project, folder, search: search || undefined }, signal }),
  });
