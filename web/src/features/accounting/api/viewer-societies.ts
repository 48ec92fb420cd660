import { accountingViewerSocieties } from '@shared/contracts/accounting';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/accounting/societies/: the societies the viewer's assignment opens for the caller (its selector). */
export const useViewerSocieties = (assignment: string | undefined) =>
  useQuery({
    queryKey: [accountingViewerSocieties.id, assignment],
    queryFn: ({ signal }) => api(accountingViewerSocieties, { query: { assignment: assignment as string }, signal }),
    enabled: assignment !== undefined,
  });
