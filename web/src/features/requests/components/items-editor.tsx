import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { REQUEST_ITEM_NAME_MAX, REQUEST_ITEMS_MAX, REQUEST_NOTE_MAX } from '@shared/contracts/requests';
import { es, messageForError } from '@shared/i18n/es';
import { useRef, useState } from 'react';
import { FileInput } from '@/components/admin/file-input';
import { uploadRequestFile } from '../api/create-request-file-upload';
import type { ItemDraft, ItemFileDraft } from '../lib/request-form';

const t = es.requestScreens.form;

/**
 * An item's template file (a form to fill, an example): chosen, it is uploaded at once with its progress, and the
 * item then names the upload; while it runs the item names none yet (`uuid` empty), which the form does not send.
 */
function ItemFileField({
  project,
  position,
  file,
  onChange,
}: {
  project: string;
  position: number;
  file: ItemFileDraft | null | undefined;
  onChange: (file: ItemFileDraft | null) => void;
}) {
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const choose = (chosen: File | null) => {
    if (!chosen) return;
    setError(null);
    setPercent(0);
    onChange({ uuid: '', file_name: chosen.name });
    uploadRequestFile(project, chosen, setPercent).then(
      (upload) => onChange({ uuid: upload, file_name: chosen.name }),
      (failed: unknown) => {
        setError(failed);
        onChange(null);
      },
    );
  };
  if (file?.uuid) {
    return (
      <Flex alignItems="center" gap="small" wrap="wrap" data-testid="item-file">
        <Text as="span" fontSize="small">
          {t.itemFileAttached(file.file_name)}
        </Text>
        <Button size="small" variation="link" colorTheme="error" onClick={() => onChange(null)}>
          {t.removeItemFile(position)}
        </Button>
      </Flex>
    );
  }
  if (file) {
    return (
      <Flex direction="column" gap="xxs">
        <Text as="span" fontSize="small">
          {t.itemFileUploading(file.file_name)}
        </Text>
        <progress className="requests-progress" max={100} value={percent} aria-label={t.itemFileProgress(position)} />
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="xxs">
      <FileInput label={t.itemFile(position)} file={null} onChange={choose} />
      <Text fontSize="small" color="font.secondary">
        {t.itemFileHint}
      </Text>
      {error ? (
        <Text role="alert" color="font.error" fontSize="small">
          {messageForError(error)}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * The items asked for: a name, an optional note and an optional template file each; added and removed (at least one,
 * at most the contract's).
 */
export function ItemsEditor({
  project,
  items,
  onChange,
  onBlur,
  error,
}: {
  project: string;
  items: ItemDraft[];
  onChange: (items: ItemDraft[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const set = (index: number, changes: Partial<ItemDraft>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...changes } : item)));
  // An upload finishes after other edits: it updates the item as it is then, by its position.
  const latest = useRef(items);
  latest.current = items;
  const setFile = (index: number, file: ItemFileDraft | null) =>
    onChange(latest.current.map((item, i) => (i === index ? { ...item, file } : item)));
  return (
    <fieldset className="requests-fieldset">
      <legend>{t.items}</legend>
      <Flex direction="column" gap="small">
        {items.map((item, index) => (
          // Items have no id of their own until saved; the position is what the person sees.
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions, edited in place.
          <Flex key={index} direction="column" gap="xs" data-testid="item-draft">
            <TextField
              label={t.itemName(index + 1)}
              value={item.name}
              maxLength={REQUEST_ITEM_NAME_MAX}
              onChange={(event) => set(index, { name: event.target.value })}
              onBlur={onBlur}
              hasError={Boolean(error) && item.name.trim() === ''}
              errorMessage={es.requestScreens.form.itemRequired}
            />
            <TextAreaField
              label={t.itemNote(index + 1)}
              value={item.note}
              rows={2}
              maxLength={REQUEST_NOTE_MAX}
              onChange={(event) => set(index, { note: event.target.value })}
            />
            <ItemFileField
              project={project}
              position={index + 1}
              file={item.file}
              onChange={(file) => setFile(index, file)}
            />
            {items.length > 1 ? (
              <div>
                <Button size="small" onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  {t.removeItem(index + 1)}
                </Button>
              </div>
            ) : null}
          </Flex>
        ))}
        <Flex gap="small" alignItems="center" wrap="wrap">
          <Button
            size="small"
            isDisabled={items.length >= REQUEST_ITEMS_MAX}
            onClick={() => onChange([...items, { name: '', note: '' }])}
          >
            {t.addItem}
          </Button>
          <Text as="span" fontSize="small" color="font.secondary">
            {t.itemsMax(REQUEST_ITEMS_MAX)}
          </Text>
        </Flex>
      </Flex>
    </fieldset>
  );
}
