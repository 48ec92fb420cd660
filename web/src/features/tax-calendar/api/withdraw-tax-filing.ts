import { withdrawTaxFiling } from '@shared/contracts/tax-calendar';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/tax-calendar/society/{uuid}/filings/withdraw/: a filing marked by mistake, undone. */
export const withdrawFiling = ({ society, form, period }: { society: string; form: string; period: string }) =>
  api(withdrawTaxFiling, { params: { uuid: society }, body: { form, period } });

export const useWithdrawFiling = () => useMutation({ mutationFn: withdrawFiling });
