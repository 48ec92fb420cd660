import { listMySocieties } from '@shared/contracts/societies';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/societies/user/society/: the societies whose calendar the caller may open, by name. */
export const useMySocieties = () =>
  useQuery({
    queryKey: [listMySocieties.id, 'tax-calendar'],
    queryFn: ({ signal }) => api(listMySocieties, { signal }),
  });
