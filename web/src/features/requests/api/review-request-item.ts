import { reviewRequestItem } from '@shared/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKey } from './get-request';

/** POST api/v1/requests/request/{uuid}/item/{item}/review/: the firm accepts an answered item or returns it, saying why. */
export const useReviewItem = (request: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, decision, comment }: { item: string; decision: 'ACCEPT' | 'RETURN'; comment?: string }) =>
      api(reviewRequestItem, {
        params: { uuid: request, item },
        body: { decision, ...(comment && { comment }) },
      }),
    onSuccess: (answer) => client.setQueryData(requestKey(request), answer),
  });
};
