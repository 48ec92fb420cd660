import { Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { Role } from '@shared/roles';
import { useState } from 'react';
import { FilterPicker } from '@/components/admin/filter-picker';
import { requiredLabel } from '@/components/admin/form';
import { SelectionList } from '@/components/admin/selection-list';
import { groupPickerSource, projectPickerSource, societyPickerSource } from '@/features/users/api/pickers';
import { pickerFilters, type TargetKind, type Targets } from '@/features/users/lib/users-logic';

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

  const projectSource = projectPickerSource(kind === 'project' || filters.project);
  const groupFilterSource = groupPickerSource(projectFilter, filters.group);
  const groupSource = groupPickerSource(projectFilter, kind === 'group');
  const societySource = societyPickerSource({ project: projectFilter, group: groupFilter }, kind === 'society');

  if (kind === null) return null;
  if (kind === 'project') {
    return (
      <SelectionList
        label={label(t.fields.project)}
        multiple={false}
        source={projectSource}
        selected={value.project}
        onChange={(project) => onChange({ ...value, project })}
        testId="target-project"
      />
    );
  }
  return (
    <Flex direction="column" gap="small">
      <Flex gap="small" wrap="wrap">
        {filters.project ? (
          <FilterPicker
            label={t.fields.projectFilter}
            allLabel={t.allProjects}
            source={projectSource}
            value={projectFilter}
            onChange={(value) => {
              setProjectFilter(value);
              setGroupFilter('');
            }}
          />
        ) : null}
        {filters.group ? (
          <FilterPicker
            label={t.fields.groupFilter}
            allLabel={t.allGroups}
            source={groupFilterSource}
            value={groupFilter}
            onChange={(value) => setGroupFilter(value)}
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
