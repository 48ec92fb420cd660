import { Flex, Text } from '@aws-amplify/ui-react';
import type { ImportJobView } from '@shared/contracts/accounting';
import { es } from '@shared/i18n/es';

const t = es.accountingScreens.import.large;

/**
 * A large ledger file's two bars: the upload to S3 (XMLHttpRequest progress), then the job's phase and
 * progress as the status poll reports them. The text line is a polite live region so a screen reader hears the phase
 * change without the percentages of every poll being announced by the bars themselves.
 */
export function LargeImportProgress({ uploadPercent, job }: { uploadPercent: number; job: ImportJobView | undefined }) {
  const jobLine = !job
    ? null
    : job.status === 'QUEUED' || job.status === 'WAITING_UPLOAD'
      ? t.queued
      : t.phaseLine(t.phases[job.phase] ?? job.phase, job.progress);
  return (
    <Flex direction="column" gap="xs" data-testid="large-import-progress" className="accounting-progress">
      <Text fontSize="small">{t.notice}</Text>
      <label htmlFor="ledger-upload-progress">
        <Text as="span" fontSize="small" fontWeight="bold">
          {t.uploadLabel}
        </Text>
      </label>
      <progress id="ledger-upload-progress" max={100} value={uploadPercent}>
        {`${uploadPercent} %`}
      </progress>
      {job ? (
        <>
          <label htmlFor="ledger-job-progress">
            <Text as="span" fontSize="small" fontWeight="bold">
              {t.jobLabel}
            </Text>
          </label>
          <progress id="ledger-job-progress" max={100} value={job.progress}>
            {`${job.progress} %`}
          </progress>
        </>
      ) : null}
      <Text fontSize="small" role="status" aria-live="polite" data-testid="large-import-phase">
        {jobLine ?? t.uploading(uploadPercent)}
      </Text>
    </Flex>
  );
}
