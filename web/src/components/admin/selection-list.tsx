import './admin.css';
import { Button, CheckboxField, Flex, Loader, SearchField, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useId, useState } from 'react';
import { type PickerSource, pickerRows, type SelectionOption } from './picker-logic';
import { useDebounced, usePickerOptions } from './use-picker-options';

const t = es.adminUi;
/** The ' (*)' of a required field's label, left out of the search box's name. */
const REQUIRED_MARK = / \(\*\)$/;

/**
 * The one picker of the admin forms and filters (admin-area §9): a search box that
 * asks the server as the person types (debounced), a scrollable 150px list that pages with 'Mostrar más', and the
 * selected items pinned on top (named by `uuids=` on edit), so they stay visible whatever the search.
 * `multiple` (default) shows checkboxes; otherwise radio buttons with an `allLabel` first row for 'no value' (a filter).
 * `placeholder` replaces the list when it cannot load yet (e.g. no project chosen).
 */
export function SelectionList({
  label,
  source,
  selected,
  onChange,
  multiple = true,
  allLabel,
  disabled = false,
  placeholder,
  emptyText = t.noOptions,
  errorMessage,
  testId,
}: {
  label: string;
  source: PickerSource;
  selected: readonly string[];
  onChange: (values: string[]) => void;
  multiple?: boolean;
  allLabel?: string;
  disabled?: boolean;
  placeholder?: string;
  emptyText?: string;
  errorMessage?: string;
  testId?: string;
}) {
  const labelId = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const options = usePickerOptions({ ...source, enabled: !placeholder && (source.enabled ?? true) }, search, selected);
  const { pinned, others } = pickerRows(selected, options.results, options.names);

  const toggle = (value: string, checked: boolean) => {
    if (!multiple) return onChange(checked && value ? [value] : []);
    const rest = selected.filter((item) => item !== value);
    onChange(checked ? [...rest, value] : rest);
  };
  const row = (option: SelectionOption, checked: boolean) =>
    multiple ? (
      <CheckboxField
        key={option.value}
        name={`${labelId}-${option.value}`}
        value={option.value}
        label={option.label}
        size="small"
        isDisabled={disabled}
        checked={checked}
        onChange={(event) => toggle(option.value, event.target.checked)}
      />
    ) : (
      <label key={option.value || 'all'} className="admin-selection-radio">
        <input
          type="radio"
          name={labelId}
          value={option.value}
          disabled={disabled}
          checked={checked}
          onChange={(event) => toggle(option.value, event.target.checked)}
        />
        <span>{option.label}</span>
      </label>
    );

  const shown = pinned.length + others.length;
  const body = placeholder ? (
    <Text color="font.tertiary" fontSize="small">
      {placeholder}
    </Text>
  ) : options.loading && shown === 0 ? (
    <Loader />
  ) : (
    <>
      {!multiple && allLabel !== undefined ? row({ value: '', label: allLabel }, selected.length === 0) : null}
      {pinned.map((option) => row(option, true))}
      {pinned.length > 0 && others.length > 0 ? <hr className="admin-selection-divider" /> : null}
      {others.map((option) => row(option, false))}
      {/* 'Sin resultados' only when the search found nothing, not when all it found is already pinned above. */}
      {others.length === 0 &&
      (options.failed || (search.trim() ? options.results.length === 0 : pinned.length === 0)) ? (
        <Text color="font.tertiary" fontSize="small">
          {options.failed ? t.loadError : search.trim() ? t.noResults : emptyText}
        </Text>
      ) : null}
      {options.hasMore ? (
        <Button
          size="small"
          variation="link"
          isLoading={options.loadingMore}
          loadingText={t.showMore}
          onClick={options.loadMore}
        >
          {t.showMore}
        </Button>
      ) : null}
    </>
  );

  return (
    <Flex direction="column" gap="xxs" data-testid={testId}>
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap">
        <Text id={labelId} as="span" fontWeight="bold" fontSize="small">
          {label}
        </Text>
        <Text as="span" fontSize="small" color="font.tertiary" aria-live="polite">
          {[
            multiple ? t.selected(selected.length) : null,
            options.count > 0 ? t.shownOf(Math.min(options.results.length, options.count), options.count) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Flex>
      {placeholder ? null : (
        <SearchField
          label={t.pickerSearch(label.replace(REQUIRED_MARK, ''))}
          labelHidden
          placeholder={t.pickerPlaceholder}
          size="small"
          value={text}
          isDisabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onClear={() => setText('')}
          // No search button: it is a submit button, and the picker sits inside the form it would send.
          hasSearchButton={false}
          hasSearchIcon
        />
      )}
      {/* The list scrolls: focusable so a keyboard reaches it even when every option is disabled (axe:
          scrollable-region-focusable). */}
      <View
        className="admin-selection-list"
        role={multiple ? 'group' : 'radiogroup'}
        aria-labelledby={labelId}
        aria-busy={options.searching}
        tabIndex={0}
      >
        {body}
      </View>
      {errorMessage ? (
        <Text color="font.error" fontSize="small">
          {errorMessage}
        </Text>
      ) : null}
    </Flex>
  );
}
