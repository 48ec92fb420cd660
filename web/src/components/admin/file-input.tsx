import { Button, Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useId, useRef } from 'react';

/**
 * A file picker in the portal's style: a 'Subir archivo' button; once a file is chosen, 'Archivo adjunto' with its
 * name and a delete button. `accept` narrows the picker ('image/*', '.csv'); `current` names what is stored now (a
 * link to the current image on edit forms).
 */
export function FileInput({
  label,
  file,
  onChange,
  accept,
  errorMessage,
  current,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  errorMessage?: string;
  current?: React.ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Flex direction="column" gap="xxs">
      <Text as="label" htmlFor={id} fontWeight="bold" fontSize="small">
        {label}
      </Text>
      <VisuallyHidden>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
      {file ? (
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Text as="span" fontSize="small">
            {es.adminUi.fileAttached}: <strong>{file.name}</strong>
          </Text>
          <Button size="small" variation="link" colorTheme="error" onClick={() => onChange(null)}>
            {es.adminUi.removeFile}
          </Button>
        </Flex>
      ) : (
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Button size="small" onClick={() => input.current?.click()} aria-describedby={id}>
            {es.adminUi.chooseFile}
          </Button>
          {current}
        </Flex>
      )}
      {errorMessage ? (
        <Text color="font.error" fontSize="small">
          {errorMessage}
        </Text>
      ) : null}
    </Flex>
  );
}
