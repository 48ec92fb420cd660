import { markTaxObligationFiled } from '@shared/contracts/tax-calendar';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST api/v1/tax-calendar/society/{uuid}/filings/ (multipart): the obligation filed, with the filed form if given
 * (it becomes a document of the society's tax-form folder). The calendar is read again afterwards.
 */
export const markFiled = (input: { society: string; form: string; period: string; file?: File }) => {
  const body = new FormData();
  body.set('form', input.form);
  body.set('period', input.period);
  if (input.file) body.set('file', input.file, input.file.name);
  return api(markTaxObligationFiled, { params: { uuid: input.society }, body });
};

export const useMarkFiled = () => useMutation({ mutationFn: markFiled });
