import { View } from '@aws-amplify/ui-react';
import type { PickerSource } from './picker-logic';
import { SelectionList } from './selection-list';

/**
 * A list's single-choice filter (admin-area §9): the picker with its 'all' row first, at a filter's width. The value is
 * the chosen uuid, '' for all.
 */
export function FilterPicker({
  label,
  allLabel,
  source,
  value,
  onChange,
  testId,
}: {
  label: string;
  allLabel: string;
  source: PickerSource;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <View width="22rem" maxWidth="100%">
      <SelectionList
        label={label}
        multiple={false}
        allLabel={allLabel}
        source={source}
        selected={value ? [value] : []}
        onChange={(chosen) => onChange(chosen[0] ?? '')}
        testId={testId}
      />
    </View>
  );
}
