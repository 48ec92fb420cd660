import { es } from '@shared/i18n/es';
import { useSetDocumentDigest } from '@/features/account/api/document-digest';
import { MailSwitch } from './mail-switch';

/** The profile's switch of the daily mail of new documents (clients only; on until the person turns it off). */
export function DigestSetting({ on }: { on: boolean }) {
  return (
    <MailSwitch
      name="document_digest"
      testId="digest"
      texts={es.account.digest}
      on={on}
      save={useSetDocumentDigest()}
      bodyOf={(document_digest) => ({ document_digest })}
    />
  );
}
