import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * What on-call and the business count, as CloudWatch metrics written in the log (EMF lines: no API call, no added
 * latency). Every name and dimension set is a billed custom metric, so neither the firm nor the user is ever a
 * dimension: the firm travels in the line's metadata, where Logs Insights can still cut by it.
 */
export const metrics = new Metrics({ namespace: 'Portal', serviceName: 'portal' });

export type PortalMetric =
  | 'SignIns'
  | 'SignInsRefused'
  | 'DocumentsUploaded'
  | 'UploadedBytes'
  | 'ShareLinkUses'
  | 'EmbeddingsGenerated'
  | 'LedgerImports'
  | 'LedgerImportsFailed'
  | 'LedgerImportRows'
  | 'LedgerImportMs'
  | 'MailsSent'
  | 'MailsFailed'
  | 'MailsNotSent'
  | 'ClientErrors'
  | 'ServerErrors';

const UNITS: Partial<Record<PortalMetric, (typeof MetricUnit)[keyof typeof MetricUnit]>> = {
  UploadedBytes: MetricUnit.Bytes,
  LedgerImportMs: MetricUnit.Milliseconds,
};

/** Counts `value` of `name` in the current invocation; `firm` (a project uuid or portal) goes into its metadata. */
export function countMetric(name: PortalMetric, value = 1, firm?: { project?: string; portal?: string }): void {
  metrics.addMetric(name, UNITS[name] ?? MetricUnit.Count, value);
  for (const [key, id] of Object.entries(firm ?? {})) if (id) metrics.addMetadata(key, id);
}

/**
 * The business events an endpoint's answer is: a successful answer (2xx) or a refusal (4xx) of these contracts counts
 * once. What only the domain code knows (bytes, rows, mail) is counted there.
 */
const ANSWER_METRICS: Record<string, { ok?: PortalMetric; refused?: PortalMetric }> = {
  postToken: { ok: 'SignIns', refused: 'SignInsRefused' },
  uploadDocument: { ok: 'DocumentsUploaded' },
  confirmDocumentUpload: { ok: 'DocumentsUploaded' },
  downloadSharedDocument: { ok: 'ShareLinkUses' },
  getReport: { ok: 'EmbeddingsGenerated' },
  getReportDashboard: { ok: 'EmbeddingsGenerated' },
};

/**
 * An answered request: its business event, and 4xx and 5xx per contract (the contract is a dimension: about 140
 * values, and a metric exists only for contracts that erred).
 */
export function countAnswer(contractId: string, status: number, portal?: string): void {
  const events = ANSWER_METRICS[contractId];
  const event = status < 400 ? events?.ok : status < 500 ? events?.refused : undefined;
  if (event) countMetric(event, 1, { portal });
  if (status >= 400) {
    const single = metrics.singleMetric();
    single.addDimension('contract', contractId);
    single.addMetric(status >= 500 ? 'ServerErrors' : 'ClientErrors', MetricUnit.Count, 1);
  }
}

/** Writes what the invocation counted (nothing when it counted nothing). */
export function publishMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

/** A job's run, what it counted written when it ends, however it ends. */
export const publishingMetrics = <T>(run: Promise<T>): Promise<T> => run.finally(publishMetrics);
