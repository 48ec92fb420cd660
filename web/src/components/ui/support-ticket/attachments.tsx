import { Button, Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import {
  createTicketAttachmentUpload,
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENTS_MAX,
} from '@shared/contracts/external';
import { es } from '@shared/i18n/es';
import { useId, useRef } from 'react';
import { AppIcon } from '@/components/ui/icons';
import { api } from '@/lib/api-client';
import { postPresigned } from '@/lib/presigned-upload';

const t = es.support;
const MEGABYTES = TICKET_ATTACHMENT_MAX_BYTES / (1024 * 1024);
const ACCEPT = TICKET_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The server's rule (contracts/external.ts ticketAttachmentAllowed): the browser gets the contract's constants only. */
const allowed = (name: string) =>
  (TICKET_ATTACHMENT_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/** What is wrong with these files for one message, in Spanish, or nothing. */
export function attachmentProblem(files: readonly File[]): string | undefined {
  if (files.length > TICKET_ATTACHMENTS_MAX) return t.tooManyAttachments(TICKET_ATTACHMENTS_MAX);
  const kind = files.find((file) => !allowed(file.name));
  if (kind) return t.attachmentKind(kind.name);
  const big = files.find((file) => file.size === 0 || file.size > TICKET_ATTACHMENT_MAX_BYTES);
  if (big) return t.attachmentTooBig(big.name, MEGABYTES);
  return undefined;
}

/**
 * Each file straight to S3 by presigned POST (as documents are), one after another; answers the upload ids the message
 * names. The message's own write checks they are there, so a file that did not arrive never half-writes a message.
 */
export async function uploadAttachments(files: readonly File[]): Promise<string[]> {
  const uploads: string[] = [];
  for (const file of files) {
    const start = await api(createTicketAttachmentUpload, {
      body: { file_name: file.name, file_size: file.size, content_type: file.type || 'application/octet-stream' },
    });
    await postPresigned(start, file, () => undefined);
    uploads.push(start.upload);
  }
  return uploads;
}

/** The files a message will carry: a button that opens the file picker, the chosen files with a remove button each. */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const problem = attachmentProblem(files);
  return (
    <Flex direction="column" gap="xs">
      <Text as="span" fontWeight="bold">
        {t.attachments}
      </Text>
      <Text as="span" fontSize="small" color="font.secondary" id={`${id}-hint`}>
        {t.attachmentsHint(TICKET_ATTACHMENTS_MAX, MEGABYTES)}
      </Text>
      <VisuallyHidden>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label={t.addAttachments}
          aria-describedby={`${id}-hint`}
          tabIndex={-1}
          onChange={(event) => {
            onChange([...files, ...Array.from(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
      <Flex gap="xs" wrap="wrap" alignItems="center">
        <Button
          size="small"
          gap="xs"
          isDisabled={disabled || files.length >= TICKET_ATTACHMENTS_MAX}
          onClick={() => input.current?.click()}
        >
          <AppIcon name="upload" />
          {t.addAttachments}
        </Button>
        {files.map((file, index) => (
          <Flex
            key={`${file.name}-${file.size}-${file.lastModified}`}
            as="span"
            alignItems="center"
            gap="xxs"
            border="1px solid"
            borderColor="border.primary"
            borderRadius="small"
            paddingLeft="xs"
            maxWidth="100%"
          >
            <Text as="span" fontSize="small">
              {file.name}
            </Text>
            <Button
              size="small"
              variation="link"
              aria-label={t.removeAttachment(file.name)}
              isDisabled={disabled}
              onClick={() => onChange(files.filter((_, i) => i !== index))}
            >
              ×
            </Button>
          </Flex>
        ))}
      </Flex>
      {problem ? (
        <Text as="span" role="alert" color="font.error" fontSize="small">
          {problem}
        </Text>
      ) : null}
    </Flex>
  );
}
