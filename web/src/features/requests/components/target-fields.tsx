import { Flex, Radio, RadioGroupField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { SelectionList } from '@/components/admin/selection-list';
import { myGroupsPickerSource } from '@/lib/api/list-my-groups';
import { societiesForUsersPickerSource } from '@/lib/api/list-societies-for-users';
import type { TargetKind } from '../lib/request-form';

const t = es.requestScreens.form;

/**
 * Whom a request (or a schedule) goes to: one society, every society of a group, or every society of the project
 * (the kinds the caller may use), with the app's searchable pickers for the society or the group.
 */
export function TargetFields({
  project,
  kinds,
  kind,
  target,
  onChange,
  name = 'target-kind',
}: {
  project: string;
  kinds: readonly TargetKind[];
  kind: TargetKind;
  target: string;
  onChange: (kind: TargetKind, target: string) => void;
  name?: string;
}) {
  return (
    <Flex direction="column" gap="small">
      <RadioGroupField
        legend={t.target}
        name={name}
        value={kind}
        onChange={(event) => {
          const next = event.target.value as TargetKind;
          onChange(next, next === 'PROJECT' ? project : '');
        }}
      >
        {kinds.map((k) => (
          <Radio key={k} value={k}>
            {t.targets[k]}
          </Radio>
        ))}
      </RadioGroupField>
      {kind === 'SOCIETY' ? (
        <SelectionList
          label={t.society}
          multiple={false}
          source={societiesForUsersPickerSource({ project }, Boolean(project))}
          selected={target ? [target] : []}
          onChange={(chosen) => onChange('SOCIETY', chosen[0] ?? '')}
          testId="request-target-society"
        />
      ) : null}
      {kind === 'GROUP' ? (
        <SelectionList
          label={t.group}
          multiple={false}
          source={myGroupsPickerSource(project, Boolean(project))}
          selected={target ? [target] : []}
          onChange={(chosen) => onChange('GROUP', chosen[0] ?? '')}
          testId="request-target-group"
        />
      ) : null}
    </Flex>
  );
}
