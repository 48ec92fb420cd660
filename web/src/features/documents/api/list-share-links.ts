import { listShareLinks } from '@shared/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/documents/share/links/{uuid}/: the document's live links. */
export const useShareLinks = (uuid: string | null) =>
  useQuery({
    queryKey: [listShareLinks.id, uuid],
    queryFn: ({ signal }) => api(listShareLinks, { params: { uuid: uuid as string }, signal }),
    enabled: Boolean(uuid),
  });
