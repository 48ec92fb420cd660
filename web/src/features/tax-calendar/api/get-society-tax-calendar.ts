import type { ResponseOf } from '@shared/contracts/define';
import { getSocietyTaxCalendar } from '@shared/contracts/tax-calendar';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TaxCalendar = ResponseOf<typeof getSocietyTaxCalendar>;
export type TaxObligation = TaxCalendar['obligations'][number];

/** GET api/v1/tax-calendar/society/{uuid}/?year=: a society's obligations of a year and their state. */
export const useSocietyTaxCalendar = (society: string | undefined, year: number) =>
  useQuery({
    queryKey: [getSocietyTaxCalendar.id, society, year],
    queryFn: ({ signal }) =>
      api(getSocietyTaxCalendar, { params: { uuid: society as string }, query: { year }, signal }),
    enabled: Boolean(society),
  });
