import { Card, CheckboxField, Heading, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useState } from 'react';
import { useSetDocumentDigest } from '@/features/account/api/document-digest';
import { reloadProfile } from '@/lib/session';

const t = es.account.digest;

/** The profile's switch of the daily mail of new documents (clients only; on until the person turns it off). */
export function DigestSetting({ on }: { on: boolean }) {
  const [checked, setChecked] = useState(on);
  const save = useSetDocumentDigest();
  return (
    <Card variation="outlined" data-testid="digest-setting">
      <Heading level={3} fontSize="medium" marginBottom="small">
        {t.title}
      </Heading>
      <CheckboxField
        name="document_digest"
        label={t.label}
        checked={checked}
        isDisabled={save.isPending}
        onChange={(event) => {
          const next = event.target.checked;
          setChecked(next);
          save.mutate(
            { document_digest: next },
            { onSuccess: () => void reloadProfile(), onError: () => setChecked(!next) },
          );
        }}
      />
      <Text fontSize="small" color="font.tertiary" marginTop="xxs">
        {t.hint}
      </Text>
      {save.isSuccess ? (
        <Text fontSize="small" color="font.success" role="status" data-testid="digest-saved">
          {t.saved}
        </Text>
      ) : null}
      {save.error ? (
        <Text fontSize="small" color="font.error" role="alert">
          {messageForError(save.error)}
        </Text>
      ) : null}
    </Card>
  );
}
