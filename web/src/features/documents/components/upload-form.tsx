import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { MAX_DOCUMENT_BYTES } from '@shared/contracts/documents';
import { es } from '@shared/i18n/es';
import { type DragEvent, useId, useState } from 'react';
import { ServerErrors } from '@/components/admin/server-errors';
import {
  confirmUploadAs,
  NameTaken,
  type OnConflict,
  type UploadPlace,
  uploadDocumentFile,
} from '../api/upload-document';

const t = es.documents;

interface Pick {
  file: File;
  /** Why it will not be sent (too large, empty), decided before anything is sent. */
  problem: string | null;
  /** 'conflict': the folder holds its name; uploaded, it waits for 'Reemplazar', 'Conservar ambos' or 'Omitir'. */
  state: 'waiting' | 'sending' | 'done' | 'failed' | 'conflict' | 'skipped';
  error?: unknown;
  /** The upload that waits for the choice (conflict). */
  upload?: string;
}

/** 'nombre.pdf' → 'nombre (2).pdf', what 'Conservar ambos' will most likely save (the server takes the first free). */
function numbered(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (2)${name.slice(dot)}` : `${name} (2)`;
}

/** The choice a file whose name is taken waits for, with what each one does. */
function ConflictChoice({ name, onChoose }: { name: string; onChoose: (choice: OnConflict | 'skip') => void }) {
  return (
    <Flex direction="column" gap="xxs" role="group" aria-label={t.conflictChoices(name)} data-testid="name-conflict">
      <Text role="alert">{t.nameTaken(name)}</Text>
      <Text fontSize="small">
        {t.replace}: {t.replaceHint} {t.keepBoth}: {t.keepBothHint(numbered(name))}
      </Text>
      <Flex gap="xs" wrap="wrap">
        <Button size="small" variation="primary" onClick={() => onChoose('replace')}>
          {t.replace}
        </Button>
        <Button size="small" onClick={() => onChoose('keep_both')}>
          {t.keepBoth}
        </Button>
        <Button size="small" variation="link" onClick={() => onChoose('skip')}>
          {t.skip}
        </Button>
      </Flex>
    </Flex>
  );
}

const pickOf = (file: File): Pick => ({
  file,
  problem: file.size > MAX_DOCUMENT_BYTES ? t.tooLarge : file.size === 0 ? t.emptyFile : null,
  state: 'waiting',
});

/**
 * The admin's upload (portal §2): files chosen or dropped, 'Aceptar' (disabled until a file is chosen and while
 * uploading), a progress bar per file fed by the browser's upload events, then 'Documento subido con éxito' with
 * 'Ir atrás'. Each file is sent on its own, one after another, and the folder's list refreshes as each one lands, so
 * nobody uploads a file twice because it did not show.
 */
export function UploadForm({
  place,
  onUploaded,
  onDone,
}: {
  place: UploadPlace;
  onUploaded: () => void;
  onDone: () => void;
}) {
  const inputId = useId();
  const [picks, setPicks] = useState<Pick[]>([]);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const uploading = picks.some((p) => p.state === 'sending');
  const finished =
    picks.length > 0 &&
    picks.every((p) => p.problem || p.state === 'done' || p.state === 'failed' || p.state === 'skipped');
  const sendable = picks.filter((p) => !p.problem && p.state === 'waiting');

  const choose = (files: FileList | null) => setPicks(Array.from(files ?? []).map(pickOf));
  const update = (index: number, change: Partial<Pick>) =>
    setPicks((current) => current.map((p, i) => (i === index ? { ...p, ...change } : p)));

  const submit = async () => {
    for (const [index, pick] of picks.entries()) {
      if (pick.problem || pick.state !== 'waiting') continue;
      update(index, { state: 'sending' });
      setProgress(0);
      try {
        await uploadDocumentFile(place, pick.file, setProgress);
        update(index, { state: 'done' });
        onUploaded();
      } catch (error) {
        if (error instanceof NameTaken) update(index, { state: 'conflict', upload: error.upload });
        else update(index, { state: 'failed', error });
      }
    }
  };

  /** The person's choice for a file whose name is taken: its upload is confirmed with it (nothing is sent again). */
  const resolve = async (index: number, choice: OnConflict | 'skip') => {
    const pick = picks[index];
    if (!pick?.upload) return;
    if (choice === 'skip') {
      update(index, { state: 'skipped' });
      return;
    }
    update(index, { state: 'sending' });
    setProgress(100);
    try {
      await confirmUploadAs(pick.upload, choice);
      update(index, { state: 'done' });
      onUploaded();
    } catch (error) {
      update(index, { state: 'failed', error });
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files);
  };

  const done = picks.filter((p) => p.state === 'done').length;
  if (finished && done > 0 && done === picks.length) {
    return (
      <Flex direction="column" gap="small" className="documents-upload" data-testid="upload-done">
        <Text fontWeight="bold" role="status">
          {done === 1 ? t.uploaded : t.uploadedMany(done)}
        </Text>
        <Button alignSelf="flex-start" onClick={onDone}>
          {t.goBack}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="small" className="documents-upload" data-testid="upload-form">
      <Flex
        direction="column"
        gap="xs"
        className="documents-dropzone"
        data-dragging={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Text as="label" htmlFor={inputId} fontWeight="bold">
          {t.chooseFile}
        </Text>
        <input
          id={inputId}
          type="file"
          multiple
          disabled={uploading}
          onChange={(event) => choose(event.target.files)}
        />
        <Text fontSize="small" color="font.secondary">
          {t.dropHint}
        </Text>
      </Flex>
      {picks.length > 0 ? (
        <ul className="documents-picks" aria-label={t.chosenFiles}>
          {picks.map((pick, index) => (
            <li key={`${pick.file.name}|${pick.file.size}|${pick.file.lastModified}`}>
              <Text fontWeight="bold">{pick.file.name}</Text>
              {pick.problem ? (
                <Text color="font.error" role="alert">
                  {pick.problem}
                </Text>
              ) : pick.state === 'sending' ? (
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
              ) : pick.state === 'done' ? (
                <Text fontSize="small" role="status">
                  {t.uploaded}
                </Text>
              ) : pick.state === 'failed' ? (
                <ServerErrors error={pick.error} />
              ) : pick.state === 'conflict' ? (
                <ConflictChoice name={pick.file.name} onChoose={(choice) => void resolve(index, choice)} />
              ) : pick.state === 'skipped' ? (
                <Text fontSize="small">{t.skipped}</Text>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Flex gap="small" wrap="wrap">
        <Button variation="primary" onClick={submit} isDisabled={sendable.length === 0 || uploading}>
          {uploading ? <Loader size="small" /> : null}
          {t.accept}
        </Button>
        <Button onClick={onDone} isDisabled={uploading}>
          {finished ? t.goBack : t.cancel}
        </Button>
      </Flex>
    </Flex>
  );
}
