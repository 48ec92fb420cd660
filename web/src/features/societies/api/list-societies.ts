import { listSocieties } from '@shared/contracts/societies';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type SocietiesQuery = QueryInputOf<typeof listSocieties>;

/** GET api/v1/societies/society/: a page of societies. */
export const fetchSocieties = (query: SocietiesQuery, signal?: AbortSignal) => api(listSocieties, { query, signal });

export const societiesQueryOptions = (query: SocietiesQuery) =>
  queryOptions({ queryKey: [listSocieties.id, query], queryFn: ({ signal }) => fetchSocieties(query, signal) });

/** `enabled` false (a picker before its parent is chosen) loads nothing. The previous page stays while the next loads. */
export const useSocieties = (query: SocietiesQuery, enabled = true) =>
  useQuery({ ...societiesQueryOptions(query), enabled, placeholderData: keepPreviousData });
