import { Button, Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { MAX_DOCUMENT_BYTES } from '@shared/contracts/documents';
import { MESSAGE_ATTACHMENTS_MAX } from '@shared/contracts/messages';
import { es } from '@shared/i18n/es';
import { useId, useRef } from 'react';
import { AppIcon } from '@/components/ui/icons';
import { formatSize } from '@/features/messages/lib/format';

const t = es.conversations;
const MEGABYTES = MAX_DOCUMENT_BYTES / (1024 * 1024);

/** What is wrong with these files for one message, in Spanish, or nothing (the contract's bounds). */
export function attachmentProblem(files: readonly File[]): string | undefined {
  if (files.length > MESSAGE_ATTACHMENTS_MAX) return t.tooManyAttachments(MESSAGE_ATTACHMENTS_MAX);
  const empty = files.find((file) => file.size === 0);
  if (empty) return t.attachmentEmpty(empty.name);
  const big = files.find((file) => file.size > MAX_DOCUMENT_BYTES);
  if (big) return t.attachmentTooBig(big.name, MEGABYTES);
  return undefined;
}

/**
 * The files a message will carry: a button that opens the file picker, each chosen file with its size and a remove
 * button, and while sending a progress bar per file fed by the browser's upload events.
 */
export function AttachmentPicker({
  files,
  onChange,
  progress,
  disabled,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Per file (by index) while the message is being sent. */
  progress: ReadonlyMap<number, number> | null;
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
        {t.attachmentsHint(MESSAGE_ATTACHMENTS_MAX, MEGABYTES)}
      </Text>
      <VisuallyHidden>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          aria-label={t.addAttachments}
          aria-describedby={`${id}-hint`}
          tabIndex={-1}
          onChange={(event) => {
            onChange([...files, ...Array.from(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
      <Button
        size="small"
        gap="xs"
        alignSelf="start"
        isDisabled={disabled || files.length >= MESSAGE_ATTACHMENTS_MAX}
        onClick={() => input.current?.click()}
      >
        <AppIcon name="upload" />
        {t.addAttachments}
      </Button>
      {files.length > 0 ? (
        <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" className="messages-list">
          {files.map((file, index) => {
            const percent = progress?.get(index);
            return (
              <Flex
                as="li"
                key={`${file.name}-${file.size}-${file.lastModified}`}
                direction="column"
                gap="xxs"
                className="messages-attachment"
              >
                <Flex alignItems="center" gap="xs" wrap="wrap">
                  <Text as="span" fontSize="small" className="messages-body">
                    {file.name} ({formatSize(file.size)})
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
                {percent !== undefined ? (
                  <>
                    <progress
                      className="messages-progress"
                      max={100}
                      value={percent}
                      aria-label={t.uploadingFile(file.name, percent)}
                      data-testid="attachment-progress"
                    />
                    <Text fontSize="small" aria-live="polite">
                      {t.uploadingFile(file.name, percent)}
                    </Text>
                  </>
                ) : null}
              </Flex>
            );
          })}
        </Flex>
      ) : null}
      {problem ? (
        <Text color="font.error" role="alert">
          {problem}
        </Text>
      ) : null}
    </Flex>
  );
}
