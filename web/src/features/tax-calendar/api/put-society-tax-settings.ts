import { putSocietyTaxSettings } from '@shared/contracts/tax-calendar';
import type { SocietyTaxSettings } from '@shared/tax-calendar/rules';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT api/v1/tax-calendar/society/{uuid}/settings/: what applies to the society; the calendar is read again. */
export const putSettings = ({ society, ...body }: SocietyTaxSettings & { society: string }) =>
  api(putSocietyTaxSettings, { params: { uuid: society }, body });

export const usePutSettings = () => useMutation({ mutationFn: putSettings });
