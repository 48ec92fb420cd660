import { Flex, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { Role } from '@shared/roles';
import { SelectionList } from '@/components/admin';
import { societyPickerSource, useGroupOptions, useProjectOptions } from '@/features/users/api/pickers';
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
  const projects = useProjectOptions(visible.project);
  const groups = useGroupOptions(values.project, visible.group);
  const roles = roleFilterOptions(role).map((r) => ({ value: r, label: es.roles[r] }));
  const orderings = Object.entries(t.orderings)
    .filter(([value]) => value !== '')
    .map(([value, label]) => ({ value, label }));

  return (
    <Flex gap="small" wrap="wrap" alignItems="flex-end" data-testid="users-filters">
      {visible.project ? (
        <OptionSelect
          label={t.project}
          value={values.project}
          options={projects.data ?? []}
          emptyLabel={t.allProjects}
          onChange={(value) => onChange('project', value)}
        />
      ) : null}
      {visible.group ? (
        <OptionSelect
          label={t.group}
          value={values.group}
          options={groups.data ?? []}
          emptyLabel={t.allGroups}
          onChange={(value) => onChange('group', value)}
        />
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
