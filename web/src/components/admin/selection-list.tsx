import './admin.css';
import { CheckboxField, Flex, Loader, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useId } from 'react';

export interface SelectionOption {
  value: string;
  label: string;
}

/**
 * A scrollable checkbox list 150px high (admin-area §9), for pickers of admins, users, groups or societies.
 * `selected` holds the chosen values; `onChange` receives the new list. Selected values missing from `options`
 * are kept (they are not shown). `placeholder` replaces the list when it cannot load yet (e.g. no project chosen).
 */
export function SelectionList({
  label,
  options,
  selected,
  onChange,
  loading = false,
  disabled = false,
  placeholder,
  emptyText = es.adminUi.noOptions,
  errorMessage,
}: {
  label: string;
  options: readonly SelectionOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  emptyText?: string;
  errorMessage?: string;
}) {
  const labelId = useId();
  const toggle = (value: string, checked: boolean) => {
    const rest = selected.filter((item) => item !== value);
    onChange(checked ? [...rest, value] : rest);
  };
  const chosen = options.filter((option) => selected.includes(option.value)).length;
  return (
    <Flex direction="column" gap="xxs">
      <Flex justifyContent="space-between" alignItems="baseline">
        <Text id={labelId} as="span" fontWeight="bold" fontSize="small">
          {label}
        </Text>
        <Text as="span" fontSize="small" color="font.tertiary">
          {es.adminUi.selected(chosen)}
        </Text>
      </Flex>
      <View className="admin-selection-list" role="group" aria-labelledby={labelId}>
        {placeholder ? (
          <Text color="font.tertiary" fontSize="small">
            {placeholder}
          </Text>
        ) : loading ? (
          <Loader />
        ) : options.length === 0 ? (
          <Text color="font.tertiary" fontSize="small">
            {emptyText}
          </Text>
        ) : (
          options.map((option) => (
            <CheckboxField
              key={option.value}
              name={`${labelId}-${option.value}`}
              value={option.value}
              label={option.label}
              size="small"
              isDisabled={disabled}
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
          ))
        )}
      </View>
      {errorMessage ? (
        <Text color="font.error" fontSize="small">
          {errorMessage}
        </Text>
      ) : null}
    </Flex>
  );
}
