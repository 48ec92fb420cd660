import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { MAX_DOCUMENT_BYTES } from '@shared/contracts/documents';
import { es } from '@shared/i18n/es';
import { useId, useState } from 'react';
import { ServerErrors } from '@/components/admin';
import { type UploadPlace, uploadDocumentFile } from '../api/upload-document';

const t = es.documents;

/**
 * The admin's upload (portal §2): a file, 'Aceptar' (disabled until a file is chosen and while uploading), a progress
 * bar fed by the browser's upload events, then 'Documento subido con éxito' with 'Ir atrás' (which reloads).
 */
export function UploadForm({ place, onDone }: { place: UploadPlace; onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const choose = (chosen: File | null) => {
    setError(null);
    setProblem(null);
    if (chosen && chosen.size > MAX_DOCUMENT_BYTES) setProblem(t.tooLarge);
    else if (chosen && chosen.size === 0) setProblem(t.emptyFile);
    setFile(chosen);
  };

  const submit = async () => {
    if (!file || problem) return;
    setError(null);
    setProgress(0);
    try {
      await uploadDocumentFile(place, file, setProgress);
      setDone(true);
    } catch (caught) {
      setError(caught);
      setProgress(null);
    }
  };

  if (done) {
    return (
      <Flex direction="column" gap="small" className="documents-upload" data-testid="upload-done">
        <Text fontWeight="bold" role="status">
          {t.uploaded}
        </Text>
        <Button alignSelf="flex-start" onClick={onDone}>
          {t.goBack}
        </Button>
      </Flex>
    );
  }
  const uploading = progress !== null;
  return (
    <Flex direction="column" gap="small" className="documents-upload" data-testid="upload-form">
      <Text as="label" htmlFor={inputId} fontWeight="bold">
        {t.chooseFile}
      </Text>
      <input
        id={inputId}
        type="file"
        disabled={uploading}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {problem ? (
        <Text color="font.error" role="alert">
          {problem}
        </Text>
      ) : null}
      {uploading ? (
        <Flex direction="column" gap="xxs">
          <progress
            className="documents-progress"
            max={100}
            value={progress}
            aria-label={t.uploading(progress)}
            data-testid="upload-progress"
          />
          <Text fontSize="small" aria-live="polite">
            {t.uploading(progress)}
          </Text>
        </Flex>
      ) : null}
      <ServerErrors error={error} />
      <Flex gap="small" wrap="wrap">
        <Button variation="primary" onClick={submit} isDisabled={!file || Boolean(problem) || uploading}>
          {uploading ? <Loader size="small" /> : null}
          {t.accept}
        </Button>
        <Button onClick={onDone} isDisabled={uploading}>
          {t.cancel}
        </Button>
      </Flex>
    </Flex>
  );
}
