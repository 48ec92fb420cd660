import type { ResponseOf } from '@shared/contracts/define';
import { getRequest } from '@shared/contracts/requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DocumentRequest = ResponseOf<typeof getRequest>;
export type RequestItem = DocumentRequest['items'][number];

export const requestKey = (uuid: string) => [getRequest.id, uuid] as const;

/** GET api/v1/requests/request/{uuid}/: the request with its items, their files and their history. */
export const useRequest = (uuid: string) =>
  useQuery({
    queryKey: requestKey(uuid),
    queryFn: ({ signal }) => api(getRequest, { params: { uuid }, signal }),
  });
