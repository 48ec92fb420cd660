import {
  balance8columnsExcel,
  balance8columnsPdf,
  cashflowPdf,
  financialSituationExcel,
  financialSituationPdf,
  type StatementFamily,
  statusResultsExcel,
  statusResultsPdf,
} from '@shared/contracts/accounting';
import type { Contract } from '@shared/contracts/define';
import { api } from '@/lib/api-client';

/**
 * GET api/v1/accounting/{family}/{pdf|excel}/: the statement as a file, with the data query plus `type` (portal §7,
 * "Exports"; the spec's ?token= is left out: the fetch rides the session cookie). No Excel for the cash flow.
 */
const FILES: Record<StatementFamily, { pdf: Contract; excel?: Contract }> = {
  balance8columns: { pdf: balance8columnsPdf, excel: balance8columnsExcel },
  'financial-situation': { pdf: financialSituationPdf, excel: financialSituationExcel },
  'status-results': { pdf: statusResultsPdf, excel: statusResultsExcel },
  cashflow: { pdf: cashflowPdf },
};

export const hasExcel = (family: StatementFamily) => FILES[family].excel !== undefined;

export async function downloadStatement(
  family: StatementFamily,
  kind: 'pdf' | 'excel',
  query: Record<string, string | number>,
  type: number,
  fileName: string,
): Promise<void> {
  const contract = FILES[family][kind];
  if (!contract) return;
  const blob = (await api(contract, { query: { ...query, type } as never })) as unknown as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.${kind === 'pdf' ? 'pdf' : 'xlsx'}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
