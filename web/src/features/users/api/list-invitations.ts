import { listInvitations } from '@shared/contracts/registration';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type InvitationsQuery = QueryInputOf<typeof listInvitations>;

/** GET api/v1/register/invitations/: a page of pending invitations (without a search). */
export const fetchInvitations = (query: InvitationsQuery, signal?: AbortSignal) =>
  api(listInvitations, { query, signal });

export const invitationsQueryOptions = (query: InvitationsQuery) =>
  queryOptions({ queryKey: [listInvitations.id, query], queryFn: ({ signal }) => fetchInvitations(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useInvitations = (query: InvitationsQuery, enabled = true) =>
  useQuery({ ...invitationsQueryOptions(query), enabled, placeholderData: keepPreviousData });
