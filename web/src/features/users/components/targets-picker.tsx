import { Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { Role } from '@shared/roles';
import { useState } from 'react';
import { requiredLabel, SelectionList } from '@/components/admin';
import {
  societyPickerSource,
  useGroupOptions,
  useGroupPickerSource,
  useProjectOptions,
} from '@/features/users/api/pickers';
import { pickerFilters, type TargetKind, type Targets } from '@/features/users/lib/users-logic';
import { OptionSelect } from './option-select';

const t = es.usersAdmin;

/**
 * What a role is assigned to (admin-area §6): PROJECT_ADMIN one project; GROUP_ADMIN and USER_GROUP groups, narrowed by
 * a project filter; USER_SOCIETY societies, narrowed by project and group. The filters a caller sees depend on its role
 * (a group admin sees no project selector). Remount it (key) to reset the filters.
 */
export function TargetsPicker({
  caller,
  kind,
  value,
  onChange,
  required = true,
}: {
  caller: Role | undefined;
  kind: TargetKind;
  value: Targets;
  onChange: (targets: Targets) => void;
  required?: boolean;
}) {
  const [projectFilter, setProjectFilter] = useState('');
  const [groupFilter, setGroupFilter] = useState('');
  const filters = pickerFilters(caller, kind);
  const label = (text: string) => (required ? requiredLabel(text) : text);

  const projects = useProjectOptions(kind === 'project' || filters.project);
  const groups = useGroupOptions(projectFilter, kind === 'group' || filters.group);
  const groupSource = useGroupPickerSource(projectFilter, kind === 'group');
  const societySource = societyPickerSource({ project: projectFilter, group: groupFilter }, kind === 'society');

  if (kind === null) return null;
  if (kind === 'project') {
    return (
      <OptionSelect
        label={label(t.fields.project)}
        value={value.project[0] ?? ''}
        options={projects.data ?? []}
        emptyLabel={t.chooseProject}
        onChange={(project) => onChange({ ...value, project: project ? [project] : [] })}
        testId="target-project"
      />
    );
  }
  return (
    <Flex direction="column" gap="small">
      <Flex gap="small" wrap="wrap">
        {filters.project ? (
          <OptionSelect
            label={t.fields.projectFilter}
            value={projectFilter}
            options={projects.data ?? []}
            emptyLabel={t.allProjects}
            onChange={(project) => {
              setProjectFilter(project);
              setGroupFilter('');
            }}
          />
        ) : null}
        {filters.group ? (
          <OptionSelect
            label={t.fields.groupFilter}
            value={groupFilter}
            options={groups.data ?? []}
            emptyLabel={t.allGroups}
            onChange={setGroupFilter}
          />
        ) : null}
      </Flex>
      {kind === 'group' ? (
        <SelectionList
          label={label(t.fields.groups)}
          source={groupSource}
          selected={value.group}
          onChange={(group) => onChange({ ...value, group })}
        />
      ) : (
        <SelectionList
          label={label(t.fields.societies)}
          source={societySource}
          selected={value.society}
          onChange={(society) => onChange({ ...value, society })}
        />
      )}
    </Flex>
  );
}
