import { resetSecondFactor } from '@shared/contracts/second-factor';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/users/user/{uuid}/second-factor/: a higher admin's reset of a user's second factor. */
export const removeSecondFactor = (uuid: string) => api(resetSecondFactor, { params: { uuid } });

/** On success the cache marks every read stale (lib/query-client.ts): the detail shows the factor gone. */
export const useResetSecondFactor = () => useMutation({ mutationFn: removeSecondFactor });
