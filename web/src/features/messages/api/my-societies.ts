import { listMySocieties } from '@shared/contracts/societies';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET api/v1/societies/user/society/: the societies the caller works with, whose conversations it may open. */
export const useMessageSocieties = () =>
  useQuery({
    queryKey: [listMySocieties.id],
    queryFn: ({ signal }) => api(listMySocieties, { query: {} as never, signal }),
  });
