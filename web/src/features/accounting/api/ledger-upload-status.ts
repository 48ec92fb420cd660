import { type ImportJobView, ledgerUploadStatus } from '@shared/contracts/accounting';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the import screen asks for a running job's progress ("the screen polls with a progress bar"). */
export const JOB_POLL_MS = 1000;

const isOver = (job: ImportJobView | undefined) => job?.status === 'DONE' || job?.status === 'FAILED';

/** GET api/v1/accounting/ledger/upload/status/?job=: status, phase, progress and, once over, the per-row report. */
export const getLedgerUploadStatus = (job: string, signal?: AbortSignal) =>
  api(ledgerUploadStatus, { query: { job }, signal });

/** Polls the job until it is DONE or FAILED; idle without a job. */
export const useLedgerUploadStatus = (job: string | null) =>
  useQuery({
    queryKey: [ledgerUploadStatus.id, job],
    queryFn: ({ signal }) => getLedgerUploadStatus(job as string, signal),
    enabled: job !== null,
    refetchInterval: (query) => (isOver(query.state.data) ? false : JOB_POLL_MS),
  });
