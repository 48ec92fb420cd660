import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { localPickerSource } from '@/components/admin/picker-logic';
import { roleScope } from '@/components/admin/role-scope';
import { SelectionList } from '@/components/admin/selection-list';
import { useMyGroups } from '@/lib/api/list-my-groups';
import { useMyProjects } from '@/lib/api/list-my-projects';
import { societiesForUsersPickerSource } from '@/lib/api/list-societies-for-users';
import { type AssignmentValues, ROLE_FLAGS, type RoleFlag } from './assignment-values';

const t = es.assignmentsAdmin;

/**
 * The 'Usuarios' step (portal §2, §4): the user types (four role flags) and the targets. A role picks what it may
 * manage: projects (SUPER_ADMIN, PROJECT_ADMIN), groups (not GROUP_ADMIN's project), societies of its scope.
 */
export function TargetsStep({
  values,
  onChange,
  role,
}: {
  values: AssignmentValues;
  onChange: (changes: Partial<AssignmentValues>) => void;
  role: string | undefined;
}) {
  const scope = roleScope(role);
  const picksProjects = scope.groups;
  const { data: projects } = useMyProjects(picksProjects);
  const { data: groups } = useMyGroups({});
  return (
    <Flex direction="column" gap="medium">
      <Flex direction="column" gap="xs" as="fieldset" className="assignment-fieldset">
        <Text as="legend" fontWeight="bold">
          {t.userTypes} (*)
        </Text>
        {ROLE_FLAGS.map((flag: RoleFlag) => (
          <CheckboxField
            key={flag}
            name={flag}
            label={t.roleBadges[flag]}
            checked={values[flag]}
            onChange={(event) => onChange({ [flag]: event.target.checked })}
          />
        ))}
        <Text fontSize="small" color="font.tertiary">
          {t.userTypesHint}
        </Text>
      </Flex>
      <Text fontSize="small" color="font.tertiary">
        {t.targetsHint}
      </Text>
      {picksProjects ? (
        <SelectionList
          label={t.projects}
          testId="targets-projects"
          source={localPickerSource(
            ['assignment-targets', 'projects'],
            projects?.map((p) => ({ value: p.uuid, label: p.project_name })),
          )}
          selected={values.project_list}
          onChange={(project_list) => onChange({ project_list })}
        />
      ) : null}
      <SelectionList
        label={t.groups}
        testId="targets-groups"
        source={localPickerSource(
          ['assignment-targets', 'groups'],
          groups?.map((g) => ({ value: g.uuid, label: g.group_name })),
        )}
        selected={values.group_list}
        onChange={(group_list) => onChange({ group_list })}
      />
      <SelectionList
        label={t.societies}
        testId="targets-societies"
        source={societiesForUsersPickerSource({})}
        selected={values.society_list}
        onChange={(society_list) => onChange({ society_list })}
      />
    </Flex>
  );
}
