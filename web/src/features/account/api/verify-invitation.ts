import { verifyInvitation } from '@shared/contracts/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type InvitationCheckQuery = QueryInputOf<typeof verifyInvitation>;

/** GET api/v1/register/invitation/?token=: checks an invitation link before the registration form. */
export const fetchInvitationCheck = (query: InvitationCheckQuery, signal?: AbortSignal) =>
  api(verifyInvitation, { query, signal });

export const invitationCheckQueryOptions = (query: InvitationCheckQuery) =>
  queryOptions({
    queryKey: [verifyInvitation.id, query],
    queryFn: ({ signal }) => fetchInvitationCheck(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. */
export const useInvitationCheck = (query: InvitationCheckQuery, enabled = true) =>
  useQuery({ ...invitationCheckQueryOptions(query), enabled });
