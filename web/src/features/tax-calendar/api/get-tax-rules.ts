import type { ResponseOf } from '@shared/contracts/define';
import { getTaxRules } from '@shared/contracts/tax-calendar';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TaxRulesAnswer = ResponseOf<typeof getTaxRules>;

/** GET api/v1/tax-calendar/rules/?year=: a year's rules and holidays, and whose they are (SUPER_ADMIN). */
export const useTaxRules = (year: number, enabled = true) =>
  useQuery({
    queryKey: [getTaxRules.id, year],
    queryFn: ({ signal }) => api(getTaxRules, { query: { year }, signal }),
    enabled,
  });
