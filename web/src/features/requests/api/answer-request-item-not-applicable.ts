import { answerRequestItemNotApplicable } from '@shared/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKey } from './get-request';

/** POST api/v1/requests/request/{uuid}/item/{item}/not-applicable/: the client says the item does not apply, and why. */
export const useAnswerNotApplicable = (request: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, comment }: { item: string; comment: string }) =>
      api(answerRequestItemNotApplicable, { params: { uuid: request, item }, body: { comment } }),
    onSuccess: (answer) => client.setQueryData(requestKey(request), answer),
  });
};
