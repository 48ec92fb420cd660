import { getProjectDomain } from '@shared/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/projects/project/{uuid}/domain/: the firm's DNS records and domain status, read fresh from the edge. */
export const useProjectDomain = (uuid: string) =>
  useQuery({
    queryKey: [getProjectDomain.id, uuid],
    queryFn: ({ signal }) => api(getProjectDomain, { params: { uuid }, signal }),
  });
