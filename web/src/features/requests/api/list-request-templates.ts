import type { ResponseOf } from '@shared/contracts/define';
import { listRequestTemplates } from '@shared/contracts/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RequestTemplate = ResponseOf<typeof listRequestTemplates>['results'][number];

/** GET api/v1/requests/templates/?project=: a project's request templates, by name. */
export const useRequestTemplates = (project: string | undefined, enabled = true) =>
  useQuery({
    queryKey: [listRequestTemplates.id, project],
    enabled: Boolean(project) && enabled,
    queryFn: ({ signal }) => api(listRequestTemplates, { query: { project: project as string }, signal }),
    select: (page) => page.results,
  });
