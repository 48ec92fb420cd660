import { importAccountingChart, importAccountingLedger } from '@shared/contracts/accounting';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/accounting/{chart|ledger}/import/ (multipart: society, file): the per-row report. */
export const postChartImport = (body: FormData) => api(importAccountingChart, { body: body as never });
export const postLedgerImport = (body: FormData) => api(importAccountingLedger, { body: body as never });

export const useAccountingImport = () =>
  useMutation({
    mutationFn: ({ kind, body }: { kind: 'chart' | 'ledger'; body: FormData }) =>
      kind === 'chart' ? postChartImport(body) : postLedgerImport(body),
  });
