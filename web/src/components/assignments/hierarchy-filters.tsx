import { SelectField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { roleScope } from '@/components/admin/role-scope';
import { useMyGroups } from '@/lib/api/list-my-groups';
import { useMyProjects } from '@/lib/api/list-my-projects';
import { useSocietiesForUsers } from '@/lib/api/list-societies-for-users';

const t = es.assignmentsAdmin.filters;

export type HierarchyFilter = { project: string; group: string; society: string };

/**
 * The filters of the report and accounting lists (portal §2): project, then group, then society; each depends on the
 * previous, and changing one empties the dependents (the caller also sends the pages back to 1).
 */
export function HierarchyFilters({
  role,
  values,
  onChange,
}: {
  role: string | undefined;
  values: HierarchyFilter;
  onChange: (changes: Partial<HierarchyFilter>, clear: Array<keyof HierarchyFilter>) => void;
}) {
  const scope = roleScope(role);
  const { data: projects } = useMyProjects(scope.groups);
  const { data: groups } = useMyGroups(values.project ? { project: values.project } : {});
  const { data: societies } = useSocietiesForUsers(
    { limit: 500, ...(values.project && { project: values.project }), ...(values.group && { group: values.group }) },
    true,
  );
  return (
    <>
      {scope.groups ? (
        <SelectField
          label={t.project}
          size="small"
          value={values.project}
          onChange={(event) => onChange({ project: event.target.value }, ['group', 'society'])}
        >
          <option value="">{t.all}</option>
          {(projects ?? []).map((p) => (
            <option key={p.uuid} value={p.uuid}>
              {p.project_name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField
        label={t.group}
        size="small"
        value={values.group}
        onChange={(event) => onChange({ group: event.target.value }, ['society'])}
      >
        <option value="">{t.all}</option>
        {(groups ?? []).map((g) => (
          <option key={g.uuid} value={g.uuid}>
            {g.group_name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.society}
        size="small"
        value={values.society}
        onChange={(event) => onChange({ society: event.target.value }, [])}
      >
        <option value="">{t.all}</option>
        {(societies?.results ?? []).map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {s.society_business_name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
