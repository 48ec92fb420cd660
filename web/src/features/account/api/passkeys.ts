import { deletePasskey, listPasskeys } from '@shared/contracts/passkeys';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/users/passkeys/: the caller's own passkeys. */
export const fetchPasskeys = (signal?: AbortSignal) => api(listPasskeys, { signal });

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: [listPasskeys.id], queryFn: ({ signal }) => fetchPasskeys(signal) });

export const usePasskeys = () => useQuery(passkeysQueryOptions());

/** DELETE api/v1/users/passkeys/passkey/{uuid}/: one of the caller's passkeys. */
export const removePasskey = (uuid: string) => api(deletePasskey, { params: { uuid } });
export const useRemovePasskey = () => useMutation({ mutationFn: removePasskey });
