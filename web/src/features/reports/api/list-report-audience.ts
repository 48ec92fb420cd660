import { listReportAudience } from '@shared/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryInputOf } from '@/lib/api-client';

export type AudienceQuery = QueryInputOf<typeof listReportAudience>;

/** GET api/v1/modules/reportUsuario/report-usuario/users/: a page of the users a report reaches, with cant_see. */
export const fetchReportAudience = (query: AudienceQuery, signal?: AbortSignal) =>
  api(listReportAudience, { query, signal });

export const useReportAudience = (query: AudienceQuery) =>
  useQuery({
    queryKey: [listReportAudience.id, query],
    queryFn: ({ signal }) => fetchReportAudience(query, signal),
    placeholderData: keepPreviousData,
  });
