import type { ResponseOf } from '@shared/contracts/define';
import { listRequestSchedules } from '@shared/contracts/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RequestSchedule = ResponseOf<typeof listRequestSchedules>['results'][number];

/** GET api/v1/requests/schedules/?project=: the project's recurring schedules the caller reaches. */
export const useRequestSchedules = (project: string | undefined) =>
  useQuery({
    queryKey: [listRequestSchedules.id, project],
    enabled: Boolean(project),
    queryFn: ({ signal }) => api(listRequestSchedules, { query: { project: project as string }, signal }),
    select: (page) => page.results,
  });
