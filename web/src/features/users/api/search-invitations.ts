import { searchInvitations } from '@shared/contracts/registration';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type InvitationsSearchQuery = QueryInputOf<typeof searchInvitations>;

/** GET api/v1/register/invitations-search/: a page of invitations matching a search. */
export const fetchInvitationsSearch = (query: InvitationsSearchQuery, signal?: AbortSignal) =>
  api(searchInvitations, { query, signal });

export const invitationsSearchQueryOptions = (query: InvitationsSearchQuery) =>
  queryOptions({
    queryKey: [searchInvitations.id, query],
    queryFn: ({ signal }) => fetchInvitationsSearch(query, signal),
  });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useInvitationsSearch = (query: InvitationsSearchQuery, enabled = true) =>
  useQuery({ ...invitationsSearchQueryOptions(query), enabled, placeholderData: keepPreviousData });
