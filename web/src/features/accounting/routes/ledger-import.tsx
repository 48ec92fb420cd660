import '../accounting.css';
import { Alert, Button, Flex, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import type { ImportJobView } from '@shared/contracts/accounting';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FileInput } from '@/components/admin/file-input';
import { FormPage, requiredLabel } from '@/components/admin/form';
import { ServerErrors } from '@/components/admin/server-errors';
import { postPresigned } from '@/lib/presigned-upload';
import { useConfirmLedgerUpload } from '../api/confirm-ledger-upload';
import { useAccountingImport } from '../api/imports';
import { useLedgerUploadStatus } from '../api/ledger-upload-status';
import { useMySocieties } from '../api/my-societies';
import { useRequestLedgerUpload } from '../api/request-ledger-upload';
import { ImportReportView } from '../components/import-report';
import { LargeImportProgress } from '../components/large-import-progress';
import { ledgerContentType, needsLargeUpload } from '../lib/import-path';
import { CHART_TEMPLATE, downloadText, LEDGER_TEMPLATE } from '../lib/templates';

const t = es.accountingScreens.import;

/**
 * /admin/accounting/import: an admin picks a society of its scope and uploads the plan de cuentas or the
 * libro diario; the answer lists every failed row with its Spanish errors (nothing stored then), or the periods the
 * file replaced. Templates of both formats download from here. A ledger file beyond what one request carries goes to
 * S3 by presigned POST (upload bar), then a job imports it while the screen polls its phase (job bar); its final report
 * shows exactly as the small path's.
 */
export function LedgerImportRoute() {
  const societies = useMySocieties();
  const list = societies.data ?? [];
  // A society's detail links here with ?society=: that one is preselected when it is in the caller's list.
  const [search] = useSearchParams();
  const asked = search.get('society');
  const [society, setSociety] = useState('');
  const [kind, setKind] = useState<'chart' | 'ledger'>('ledger');
  const [file, setFile] = useState<File | null>(null);
  const upload = useAccountingImport();
  const large = useLargeImport();
  const result = upload.data ?? large.report;
  const busy = upload.isPending || large.running;
  useEffect(() => {
    if (society || !list[0]) return;
    setSociety(list.some((x) => x.uuid === asked) ? (asked as string) : list[0].uuid);
  }, [list, society, asked]);

  function reset() {
    upload.reset();
    large.reset();
  }

  function run() {
    if (!file || !society || busy) return;
    reset();
    if (needsLargeUpload(kind, file)) {
      large.start(society, file);
      return;
    }
    const body = new FormData();
    body.append('society', society);
    body.append('file', file);
    upload.mutate({ kind, body });
  }

  return (
    <FormPage title={t.title} crumbs={[{ label: es.accountingScreens.breadcrumb }, { label: t.title }]}>
      <Text color="font.secondary">{t.intro}</Text>
      <Flex gap="small" wrap="wrap">
        <Button size="small" onClick={() => downloadText('plan_cuentas.csv', CHART_TEMPLATE)}>
          {t.chartTemplate}
        </Button>
        <Button size="small" onClick={() => downloadText('libro_diario.csv', LEDGER_TEMPLATE)}>
          {t.ledgerTemplate}
        </Button>
      </Flex>
      <SelectField label={es.accountingScreens.society} value={society} onChange={(e) => setSociety(e.target.value)}>
        {list.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {s.society_business_name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.kind}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as 'chart' | 'ledger');
          reset();
        }}
      >
        <option value="ledger">{t.kinds.ledger}</option>
        <option value="chart">{t.kinds.chart}</option>
      </SelectField>
      <FileInput
        label={requiredLabel(t.file)}
        file={file}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(chosen) => {
          setFile(chosen);
          reset();
        }}
      />
      <Button variation="primary" onClick={run} isDisabled={!file || !society || busy}>
        {t.submit}
      </Button>
      {upload.isPending ? (
        <Flex direction="column" gap="xs" role="status" data-testid="import-progress">
          <Loader variation="linear" />
          <Text fontSize="small">{t.running}</Text>
        </Flex>
      ) : null}
      {large.shown ? <LargeImportProgress uploadPercent={large.uploadPercent} job={large.job} /> : null}
      {upload.error ? <ServerErrors error={upload.error} /> : null}
      {large.error ? <ServerErrors error={large.error} /> : null}
      {large.uploadFailed ? <Alert variation="error">{t.large.uploadFailed}</Alert> : null}
      {large.endedWithoutReport ? <Alert variation="error">{es.accountingImport.fileErrors.jobFailed}</Alert> : null}
      {result ? <ImportReportView result={result} /> : null}
    </FormPage>
  );
}

/**
 * The large-file path: request the job and its presigned POST, send the file to S3 with upload progress,
 * confirm, then poll the job (TanStack Query refetchInterval) until it is DONE or FAILED.
 */
function useLargeImport() {
  const request = useRequestLedgerUpload();
  const confirm = useConfirmLedgerUpload();
  const [confirmed, setConfirmed] = useState<ImportJobView | null>(null);
  const jobId = confirmed?.uuid ?? null;
  const [uploadPercent, setUploadPercent] = useState(0);
  const [sending, setSending] = useState(false);
  const [uploadFailed, setUploadFailed] = useState(false);
  const status = useLedgerUploadStatus(jobId);
  // Until the first poll answers, the confirm's own answer (QUEUED) is the job's state: the bar shows at once.
  const job = status.data ?? confirmed ?? undefined;
  const over = job?.status === 'DONE' || job?.status === 'FAILED';

  async function start(society: string, file: File) {
    setSending(true);
    try {
      const started = await request.mutateAsync({
        society,
        file_name: file.name,
        file_size: file.size,
        content_type: ledgerContentType(file),
      });
      try {
        await postPresigned(started.upload, file, setUploadPercent);
      } catch {
        setUploadFailed(true);
        return;
      }
      setUploadPercent(100);
      setConfirmed(await confirm.mutateAsync(started.job.uuid));
    } catch {
      // request/confirm errors show through their mutation's error
    } finally {
      setSending(false);
    }
  }

  return {
    start,
    reset() {
      request.reset();
      confirm.reset();
      setConfirmed(null);
      setUploadPercent(0);
      setUploadFailed(false);
    },
    shown: sending || (jobId !== null && !over),
    running: sending || (jobId !== null && !over),
    uploadPercent,
    job,
    report: over ? (job?.report ?? undefined) : undefined,
    error: request.error ?? confirm.error ?? status.error,
    uploadFailed,
    endedWithoutReport: over && !job?.report,
  };
}
