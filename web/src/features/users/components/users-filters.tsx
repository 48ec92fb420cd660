import { Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { Role } from '@shared/roles';
import { FilterPicker } from '@/components/admin/filter-picker';
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
        <FilterPicker
          label={t.project}
          allLabel={t.allProjects}
          source={projectPickerSource(visible.project)}
          value={values.project}
          onChange={(value) => onChange('project', value)}
          testId="project-filter"
        />
      ) : null}
      {visible.group ? (
        <FilterPicker
          label={t.group}
          allLabel={t.allGroups}
          source={groupPickerSource(values.project, visible.group)}
          value={values.group}
          onChange={(value) => onChange('group', value)}
          testId="group-filter"
        />
      ) : null}
      {visible.society ? (
        <FilterPicker
          label={t.society}
          allLabel={t.allSocieties}
          source={societyPickerSource({ project: values.project, group: values.group }, visible.society)}
          value={values.society}
          onChange={(value) => onChange('society', value)}
          testId="society-filter"
        />
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
