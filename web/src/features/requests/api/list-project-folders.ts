import { listFolderTemplates } from '@shared/contracts/folders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/folder-templates/list?project=: the project's top-level template folders, the society folders where a
 * request's files may land.
 */
export const useProjectFolders = (project: string | undefined) =>
  useQuery({
    queryKey: [listFolderTemplates.id, project, 'requests'],
    enabled: Boolean(project),
    queryFn: ({ signal }) => api(listFolderTemplates, { query: { project: project as string }, signal }),
    select: (answer) => answer.folder_template_list,
  });
