import { SelectField } from '@aws-amplify/ui-react';
import type { SelectionOption } from '@/components/admin/picker-logic';

/** A select with an 'all' / 'choose' first option ('' value) and the given options. */
export function OptionSelect({
  label,
  value,
  options,
  emptyLabel,
  onChange,
  isDisabled = false,
  testId,
}: {
  label: string;
  value: string;
  options: readonly SelectionOption[];
  emptyLabel: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  testId?: string;
}) {
  // A value not among the options (still loading, or out of scope) keeps its place so the select does not jump.
  const missing = value && !options.some((option) => option.value === value);
  return (
    <SelectField
      label={label}
      size="small"
      value={value}
      isDisabled={isDisabled}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    >
      <option value="">{emptyLabel}</option>
      {missing ? <option value={value}>…</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
