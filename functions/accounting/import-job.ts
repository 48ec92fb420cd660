import type { ImportReport } from '../../shared/contracts/accounting';
import { accountingImport } from '../../shared/i18n/es/accounting';
import { LEDGER_JOB_BUDGET } from '../lib/accounting/import-budgets';
import { readLedgerUpload } from '../lib/accounting/import-upload';
import { nowMs } from '../lib/clock';
import { finishImportJob, getImportJob, moveImportJob, setImportJobProgress } from '../lib/data/accounting-import-jobs';
import { getSociety } from '../lib/data/societies';
import { countMetric } from '../lib/metrics';
import { BudgetExceeded } from '../lib/parsers/budget';
import { budgetProblem, importLedgerData } from './import-service';

const refused = (file_errors: string[]): ImportReport => ({
  imported: false,
  file_errors,
  rows: 0,
  failed: 0,
  report: [],
  periods: [],
});

/**
 * Runs one large import: takes the job (only one trigger runs it: the S3 event in AWS, the confirm call
 * locally), reads the uploaded file, imports it with the request path's rules (all or nothing, atomic replace) while
 * writing its progress, and ends with the per-row report. A failure of the job itself ends it FAILED with a Spanish
 * message rather than leaving it RUNNING.
 */
export async function runImportJob(uuid: string): Promise<void> {
  const job = await getImportJob(uuid);
  if (!job) return;
  if (!(await moveImportJob(uuid, ['WAITING_UPLOAD', 'QUEUED'], 'RUNNING', 'READING'))) return;
  const started = nowMs();
  const finish = async (report: ImportReport) => {
    countMetric(report.imported ? 'LedgerImports' : 'LedgerImportsFailed');
    countMetric('LedgerImportRows', report.rows);
    countMetric('LedgerImportMs', nowMs() - started);
    await finishImportJob(uuid, report);
  };
  try {
    await setImportJobProgress(uuid, 'READING', 5);
    const [data, society] = await Promise.all([
      readLedgerUpload(job.object_key, LEDGER_JOB_BUDGET.maxBytes),
      getSociety(job.society),
    ]);
    if (!data) return await finish(refused([accountingImport.fileErrors.notUploaded]));
    if (!society) return await finish(refused([accountingImport.fileErrors.jobFailed]));
    const report = await importLedgerData(
      society,
      { field: 'file', filename: job.file_name, contentType: '', data, truncated: false },
      { budget: LEDGER_JOB_BUDGET, progress: (phase, progress) => setImportJobProgress(uuid, phase, progress) },
    );
    await finish(report);
  } catch (error) {
    if (error instanceof BudgetExceeded) {
      return await finish(refused([budgetProblem(error, LEDGER_JOB_BUDGET)]));
    }
    console.error('ledger import job failed', uuid, error);
    await finish(refused([accountingImport.fileErrors.jobFailed]));
  }
}
