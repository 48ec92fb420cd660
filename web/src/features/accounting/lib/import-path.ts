import type { LEDGER_UPLOAD_TYPES } from '@shared/contracts/accounting';

/**
 * What one multipart request carries (the server's multipart cap, 2 MB; "Larger files (beyond what one request
 * carries) go to S3 by presigned upload"). Smaller ledger files keep the one-request path: its answer comes at once,
 * with no S3 round trip and no polling. The plan de cuentas is always small and has no job.
 */
export const SMALL_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const needsLargeUpload = (kind: 'chart' | 'ledger', file: File) =>
  kind === 'ledger' && file.size > SMALL_IMPORT_MAX_BYTES;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The presigned policy fixes the Content-Type; browsers leave `file.type` empty for some CSV files, so the name decides. */
export const ledgerContentType = (file: File): (typeof LEDGER_UPLOAD_TYPES)[number] =>
  file.type === XLSX || file.name.toLowerCase().endsWith('.xlsx') ? XLSX : 'text/csv';
