import { getTaxMonth } from '@shared/contracts/tax-calendar';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/tax-calendar/month/: this month's tax deadlines, for the home. */
export const useTaxMonth = () =>
  useQuery({
    queryKey: [getTaxMonth.id],
    queryFn: ({ signal }) => api(getTaxMonth, { signal }),
    staleTime: 30 * 60_000,
  });
