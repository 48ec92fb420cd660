import { SelectField, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { requiredLabel } from '@/components/admin/form';
import { type RegistryTool, useRegistryChoices } from '@/features/reports/api/registry';
import type { ReportValues } from '@/features/reports/api/report-form';

const r = es.dashboardRegistry;

/**
 * The dashboard of a QuickSight or Power BI report: a pick among the registered dashboards of the caller's
 * projects, never free text. The value sent is the spec's field (aws_id_dashboard or url) of the entry picked; the
 * server accepts it only if the entry is bound to every project the report reaches.
 */
export function RegisteredDashboardSelect({
  tool,
  values,
  onChange,
}: {
  tool: RegistryTool;
  values: ReportValues;
  onChange: (changes: Partial<ReportValues>) => void;
}) {
  const { data: choices, isPending } = useRegistryChoices(tool);
  const field = tool === 'QUICKSIGHT' ? 'aws_id_dashboard' : 'url';
  const choiceValue = (choice: { aws_id_dashboard: string | null; url: string | null }) =>
    (tool === 'QUICKSIGHT' ? choice.aws_id_dashboard : choice.url) ?? '';
  const none = !isPending && (choices ?? []).length === 0;
  return (
    <>
      <SelectField
        name={field}
        label={requiredLabel(r.pickerLabel)}
        value={values[field]}
        descriptiveText={r.pickerHint}
        isDisabled={none}
        onChange={(event) => onChange({ [field]: event.target.value })}
      >
        <option value="">{r.choose}</option>
        {(choices ?? []).map((choice) => (
          <option key={choice.uuid} value={choiceValue(choice)}>
            {choice.name}
          </option>
        ))}
      </SelectField>
      {none ? (
        <Text fontSize="small" role="status">
          {r.noChoices}
        </Text>
      ) : null}
    </>
  );
}
