import { Flex, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { Role } from '@shared/roles';
import { SelectionList } from '@/components/admin/selection-list';
import { groupPickerSource, projectPickerSource, societyPickerSource } from '@/features/users/api/pickers';
import {
  roleFilterOptions,
  type UsersFilters,
  type UsersHashKey,
  visibleFilters,
} from '@/features/users/lib/users-logic';
import { OptionSelect } from './option-select';

const t = es.usersAdmin;

/**
 * The 'Filtros' panel of the users list (admin-area §2): project, group, society (each narrowed by the one before),
 * role and ordering. Which of the first three show depends on the caller's role (§6).
 */
export function UsersFiltersPanel({
  role,
  values,
  onChange,
}: {
  role: Role | undefined;
  values: UsersFilters;
  onChange: (key: UsersHashKey, value: string) => void;
}) {
  const visible = visibleFilters(role);
  const roles = roleFilterOptions(role).map((r) => ({ value: r, label: es.roles[r] }));
  const orderings = Object.entries(t.orderings)
    .filter(([value]) => value !== '')
    .map(([value, label]) => ({ value, label }));

  return (
    <Flex gap="small" wrap="wrap" alignItems="flex-end" data-testid="users-filters">
      {visible.project ? (
        <View width="22rem" maxWidth="100%">
          <SelectionList
            label={t.project}
            multiple={false}
            allLabel={t.allProjects}
            source={projectPickerSource(visible.project)}
            selected={values.project ? [values.project] : []}
            onChange={(chosen) => onChange('project', chosen[0] ?? '')}
            testId="project-filter"
          />
        </View>
      ) : null}
      {visible.group ? (
        <View width="22rem" maxWidth="100%">
          <SelectionList
            label={t.group}
            multiple={false}
            allLabel={t.allGroups}
            source={groupPickerSource(values.project, visible.group)}
            selected={values.group ? [values.group] : []}
            onChange={(chosen) => onChange('group', chosen[0] ?? '')}
            testId="group-filter"
          />
        </View>
      ) : null}
      {visible.society ? (
        <View width="22rem" maxWidth="100%">
          <SelectionList
            label={t.society}
            multiple={false}
            allLabel={t.allSocieties}
            source={societyPickerSource({ project: values.project, group: values.group }, visible.society)}
            selected={values.society ? [values.society] : []}
            onChange={(chosen) => onChange('society', chosen[0] ?? '')}
            testId="society-filter"
          />
        </View>
      ) : null}
      <OptionSelect
        label={t.role}
        value={values.user_role}
        options={roles}
        emptyLabel={t.allRoles}
        onChange={(value) => onChange('user_role', value)}
      />
      <OptionSelect
        label={t.ordering}
        value={values.ordering}
        options={orderings}
        emptyLabel={t.orderings['']}
        onChange={(value) => onChange('ordering', value)}
      />
    </Flex>
  );
}
