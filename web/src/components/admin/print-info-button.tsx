import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { es, messageForError } from '@shared/i18n/es';
import { useMutation } from '@tanstack/react-query';

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 'Imprimir info' (admin-area §2, §7): `fetchPdf` (the feature's PDF request) and the download as `fileName`. The
 * request's state is a mutation's; a failure shows its message beside the button.
 */
export function PrintInfoButton({ fetchPdf, fileName }: { fetchPdf: () => Promise<Blob>; fileName: string }) {
  const download = useMutation({
    mutationFn: fetchPdf,
    meta: { invalidates: false },
    onSuccess: (blob) => saveFile(blob, fileName),
  });
  return (
    <Flex alignItems="center" gap="small">
      {download.error ? (
        <Text color="font.error" fontSize="small" role="alert">
          {messageForError(download.error)}
        </Text>
      ) : null}
      <Button onClick={() => download.mutate()} isLoading={download.isPending} loadingText={es.adminUi.printInfo}>
        {es.adminUi.printInfo}
      </Button>
    </Flex>
  );
}
