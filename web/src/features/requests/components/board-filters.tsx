import { Flex, SelectField, TextField, View } from '@aws-amplify/ui-react';
import { periodSchema } from '@shared/contracts/requests';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { FilterPicker } from '@/components/admin/filter-picker';
import { roleScope } from '@/components/admin/role-scope';
import { SelectionList } from '@/components/admin/selection-list';
import { myGroupsPickerSource } from '@/lib/api/list-my-groups';
import { myProjectsPickerSource } from '@/lib/api/list-my-projects';
import { societiesForUsersPickerSource } from '@/lib/api/list-societies-for-users';
import type { RequestTemplate } from '../api/list-request-templates';

const t = es.requestScreens.filters;

export interface BoardFilter {
  project: string;
  group: string;
  society: string;
  template: string;
  period: string;
}

/**
 * The board's filters: the project (for whoever sees several), group, society (the app's searchable pickers), the
 * project's template and a period. The period is applied once it reads as a month or a year.
 */
export function BoardFilters({
  role,
  values,
  templates,
  onChange,
}: {
  role: string | undefined;
  values: BoardFilter;
  templates: RequestTemplate[];
  onChange: (changes: Partial<BoardFilter>) => void;
}) {
  const scope = roleScope(role);
  const [period, setPeriod] = useState(values.period);
  const periodWrong = period !== '' && !periodSchema.safeParse(period).success;
  return (
    <Flex direction="column" gap="small">
      <Flex gap="medium" wrap="wrap" alignItems="flex-start">
        {scope.projects ? (
          // One project at a time (no 'all' row): a board page reads one project's requests.
          <View width="22rem" maxWidth="100%">
            <SelectionList
              label={t.project}
              multiple={false}
              source={myProjectsPickerSource()}
              selected={values.project ? [values.project] : []}
              onChange={(chosen) => chosen[0] && onChange({ project: chosen[0], group: '', society: '', template: '' })}
              testId="requests-filter-project"
            />
          </View>
        ) : null}
        {scope.groups ? (
          <FilterPicker
            label={t.group}
            allLabel={t.all}
            source={myGroupsPickerSource(values.project)}
            value={values.group}
            onChange={(group) => onChange({ group, society: '' })}
            testId="requests-filter-group"
          />
        ) : null}
        <FilterPicker
          label={t.society}
          allLabel={t.allFeminine}
          source={societiesForUsersPickerSource({ project: values.project, group: values.group })}
          value={values.society}
          onChange={(society) => onChange({ society })}
          testId="requests-filter-society"
        />
      </Flex>
      <Flex gap="medium" wrap="wrap" alignItems="flex-start">
        <SelectField
          label={t.template}
          value={values.template}
          onChange={(event) => onChange({ template: event.target.value })}
          width="22rem"
          maxWidth="100%"
        >
          <option value="">{t.allFeminine}</option>
          {templates.map((template) => (
            <option key={template.uuid} value={template.uuid}>
              {template.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.period}
          value={period}
          placeholder="2026-03"
          descriptiveText={t.periodHint}
          hasError={periodWrong}
          errorMessage={t.periodFormat}
          width="14rem"
          maxWidth="100%"
          onChange={(event) => {
            const next = event.target.value.trim();
            setPeriod(next);
            if (next === '' || periodSchema.safeParse(next).success) onChange({ period: next });
          }}
        />
      </Flex>
    </Flex>
  );
}
