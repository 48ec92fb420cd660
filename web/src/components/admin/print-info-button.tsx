import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { getGroupPdf } from '@shared/contracts/groups';
import type { getProjectPdf } from '@shared/contracts/projects';
import type { getSocietyPdf } from '@shared/contracts/societies';
import { es, messageForError } from '@shared/i18n/es';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { cookieTokens } from '@/lib/tokens';

type PdfContract = typeof getProjectPdf | typeof getGroupPdf | typeof getSocietyPdf;

/**
 * 'Imprimir info' (admin-area §2, §7): fetches `GET .../detail/pdf/{uuid}/?token=<access token>` and downloads it
 * as `fileName`. A failure shows its message beside the button.
 */
export function PrintInfoButton({
  contract,
  uuid,
  fileName,
}: {
  contract: PdfContract;
  uuid: string;
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const token = cookieTokens.access();
      const blob = (await api(contract as typeof getProjectPdf, {
        params: { uuid },
        query: token ? { token } : {},
      })) as unknown as Blob;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex alignItems="center" gap="small">
      {error ? (
        <Text color="font.error" fontSize="small" role="alert">
          {messageForError(error)}
        </Text>
      ) : null}
      <Button onClick={() => void download()} isLoading={busy} loadingText={es.adminUi.printInfo}>
        {es.adminUi.printInfo}
      </Button>
    </Flex>
  );
}
