import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { type FormEvent, useId, useState } from 'react';
import type { TaxObligation } from '../api/get-society-tax-calendar';
import { useMarkFiled } from '../api/mark-tax-obligation-filed';

const t = es.taxCalendar;
const HAS_FOLDER = new Set(['F29', 'F22', 'F50']);

/** The firm marks one obligation filed, with the filed form when it has a tax-form folder (F29, F22, F50). */
export function MarkFiledForm({
  society,
  obligation,
  onDone,
}: {
  society: string;
  obligation: TaxObligation;
  onDone: (message: string) => void;
}) {
  const [file, setFile] = useState<File | undefined>();
  const mark = useMarkFiled();
  const inputId = useId();
  const hintId = useId();
  const withFile = HAS_FOLDER.has(obligation.form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mark.mutate(
      { society, form: obligation.form, period: obligation.period, ...(file && { file }) },
      { onSuccess: () => onDone(t.saved(obligation.name)) },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t.markFiledOf(obligation.name)} className="tax-calendar-form">
      <Flex direction="column" gap="small">
        {withFile ? (
          <>
            <label htmlFor={inputId}>{t.fileLabel}</label>
            <input
              id={inputId}
              type="file"
              aria-describedby={hintId}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
            <Text id={hintId} fontSize="small">
              {t.fileHint}
            </Text>
          </>
        ) : (
          <Text fontSize="small">{t.noFileForDj}</Text>
        )}
        {mark.isError ? <Alert variation="error">{messageForError(mark.error)}</Alert> : null}
        <Flex gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isLoading={mark.isPending}>
            {t.save}
          </Button>
          <Button type="button" onClick={() => onDone('')}>
            {t.cancel}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
