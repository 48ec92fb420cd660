import { cancelRequest } from '@shared/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKey } from './get-request';

/** POST api/v1/requests/request/{uuid}/cancel/: the request cancelled; its reminders stop, its files stay. */
export const useCancelRequest = (uuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(cancelRequest, { params: { uuid } }),
    onSuccess: (request) => client.setQueryData(requestKey(uuid), request),
  });
};
