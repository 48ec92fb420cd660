import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { REQUEST_ITEM_NAME_MAX, REQUEST_ITEMS_MAX, REQUEST_NOTE_MAX } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import type { ItemDraft } from '../lib/request-form';

const t = es.requestScreens.form;

/** The items asked for: a name and an optional note each; added and removed (at least one, at most the contract's). */
export function ItemsEditor({
  items,
  onChange,
  onBlur,
  error,
}: {
  items: ItemDraft[];
  onChange: (items: ItemDraft[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const set = (index: number, changes: Partial<ItemDraft>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...changes } : item)));
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
