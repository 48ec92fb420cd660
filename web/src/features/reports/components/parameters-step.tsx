import { Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { FIXED_PARAMETERS, type FixedParameter, type ReportValues } from '@/features/reports/api/report-form';
import { useMyProjects } from '@/lib/api/list-my-projects';

const t = es.reportsAdmin.parameters;

/**
 * The 'Parámetros' step (portal §3): the fixed kinds (project id, group id, user role id, user id) can each be added
 * once; 'Otro' (custom: name, value, project) only appears if projects exist.
 */
export function ParametersStep({
  values,
  onChange,
}: {
  values: ReportValues;
  onChange: (changes: Partial<ReportValues>) => void;
}) {
  const { data: projects } = useMyProjects(true);
  const available = FIXED_PARAMETERS.filter((key) => values.fixed[key] === undefined);
  const kinds: Array<FixedParameter | 'custom'> = [
    ...available,
    ...((projects?.length ?? 0) > 0 ? (['custom'] as const) : []),
  ];
  const [kind, setKind] = useState<string>('');
  const add = () => {
    if (kind === 'custom') {
      onChange({
        parameter_list: [
          ...values.parameter_list,
          { parameter_name: '', parameter_content: '', project: values.project_list[0] ?? projects?.[0]?.uuid ?? '' },
        ],
      });
    } else if (kind) onChange({ fixed: { ...values.fixed, [kind]: '' } });
    setKind('');
  };
  const setCustom = (index: number, changes: Partial<ReportValues['parameter_list'][number]>) =>
    onChange({ parameter_list: values.parameter_list.map((p, i) => (i === index ? { ...p, ...changes } : p)) });
  const empty = Object.keys(values.fixed).length === 0 && values.parameter_list.length === 0;
  return (
    <Flex direction="column" gap="medium">
      {empty ? <Text color="font.tertiary">{t.empty}</Text> : null}
      <Text fontSize="small" color="font.tertiary">
        {es.dashboardRegistry.reservedHint}
      </Text>
      {FIXED_PARAMETERS.filter((key) => values.fixed[key] !== undefined).map((key) => (
        <Flex key={key} gap="small" alignItems="flex-end" wrap="wrap">
          <TextField
            label={`${t.kinds[key]}: ${t.name}`}
            name={key}
            maxLength={60}
            value={values.fixed[key] ?? ''}
            onChange={(event) => onChange({ fixed: { ...values.fixed, [key]: event.target.value } })}
          />
          <Button
            size="small"
            onClick={() => {
              const { [key]: _removed, ...rest } = values.fixed;
              onChange({ fixed: rest });
            }}
          >
            {t.remove}
          </Button>
        </Flex>
      ))}
      {values.parameter_list.map((parameter, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order.
        <Flex key={index} gap="small" alignItems="flex-end" wrap="wrap">
          <TextField
            label={`${t.kinds.custom}: ${t.name}`}
            maxLength={60}
            value={parameter.parameter_name}
            onChange={(event) => setCustom(index, { parameter_name: event.target.value })}
          />
          <TextField
            label={t.content}
            maxLength={200}
            value={parameter.parameter_content}
            onChange={(event) => setCustom(index, { parameter_content: event.target.value })}
          />
          <SelectField
            label={t.project}
            value={parameter.project}
            onChange={(event) => setCustom(index, { project: event.target.value })}
          >
            {(projects ?? []).map((p) => (
              <option key={p.uuid} value={p.uuid}>
                {p.project_name}
              </option>
            ))}
          </SelectField>
          <Button
            size="small"
            onClick={() => onChange({ parameter_list: values.parameter_list.filter((_, i) => i !== index) })}
          >
            {t.remove}
          </Button>
        </Flex>
      ))}
      {kinds.length > 0 ? (
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <SelectField label={t.kind} value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">-</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t.kinds[k]}
              </option>
            ))}
          </SelectField>
          <Button size="small" onClick={add} isDisabled={!kind}>
            {t.add}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
