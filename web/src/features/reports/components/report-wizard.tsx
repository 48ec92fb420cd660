import { SelectField } from '@aws-amplify/ui-react';
import { BUILT_IN_DASHBOARDS, TOOL_TYPES } from '@shared/contracts/reports';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { type ReactNode, useState } from 'react';
import { FileInput } from '@/components/admin/file-input';
import { RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { useWizard, WizardFrame } from '@/components/admin/wizard';
import { ModuleSelect } from '@/components/assignments/module-select';
import { TargetsStep } from '@/components/assignments/targets-step';
import { useAppForm } from '@/components/form/app-form';
import { useCreateReport } from '@/features/reports/api/create-report';
import {
  EMPTY_REPORT,
  type ReportDetail,
  type ReportValues,
  reportFormData,
  reportValuesFrom,
  type ToolType,
} from '@/features/reports/api/report-form';
import { useUpdateReport } from '@/features/reports/api/update-report';
import { reportRules } from '@/features/reports/lib/report-rules';
import { useSession } from '@/lib/session';
import { ParametersStep } from './parameters-step';
import { RegisteredDashboardSelect } from './registered-dashboard-select';

const t = es.reportsAdmin;

/**
 * The report wizard (portal §2, §4): Datos principales, Usuarios, Parámetros, Ubicación, then the success step.
 * Siguiente is enabled only when the step's fields pass the contract (and what the server checks beyond it); the last
 * step submits once; a server error shows above the buttons and the user stays. Leaving while dirty asks first
 * (UnsavedChangesGuard, lifted while the submit is pending).
 */
export function ReportWizard({ report }: { report?: ReportDetail }) {
  const { profile } = useSession();
  const editing = Boolean(report);
  const [saved] = useState(() => (report ? reportValuesFrom(report) : undefined));
  const [{ rules, stepPasses }] = useState(() => reportRules(saved));
  const form = useAppForm({ defaultValues: saved ?? EMPTY_REPORT, validators: { onChange: rules } });
  const values = useStore(form.store, (state) => state.values);
  const wizard = useWizard(t.steps.length + 1);
  const create = useCreateReport();
  const update = useUpdateReport();
  // The submit state is the mutations'.
  const busy = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const step = wizard.index;
  const change = (changes: Partial<ReportValues>) => {
    for (const [field, value] of Object.entries(changes) as Array<[keyof ReportValues, never]>) {
      form.setFieldValue(field, value);
    }
  };
  const comparable = (v: ReportValues) => JSON.stringify({ ...v, image: null });
  const dirty = !busy && (values.image !== null || comparable(values) !== comparable(saved ?? EMPTY_REPORT));

  const submit = () => {
    const body = reportFormData(form.state.values, saved);
    const done = { onSuccess: () => wizard.next() };
    if (report) update.mutate({ uuid: report.uuid, body }, done);
    else create.mutate(body, done);
  };

  const text = (field: 'report_name' | 'menu_name', label: string) => (
    <form.AppField name={field}>{(bound) => <bound.TextField label={requiredLabel(label)} />}</form.AppField>
  );

  const steps: ReactNode[] = [
    <>
      {text('report_name', t.fields.report_name)}
      {text('menu_name', t.fields.menu_name)}
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={requiredLabel(t.fields.description)} />}
      </form.AppField>
      <SelectField
        name="tool_type"
        label={requiredLabel(t.fields.tool_type)}
        value={values.tool_type}
        onChange={(event) => change({ tool_type: event.target.value as ToolType })}
      >
        {TOOL_TYPES.map((tool) => (
          <option key={tool} value={tool}>
            {t.tools[tool]}
          </option>
        ))}
      </SelectField>
      {values.tool_type === 'POWER_BI' || values.tool_type === 'QUICKSIGHT' ? (
        <RegisteredDashboardSelect tool={values.tool_type} values={values} onChange={change} />
      ) : null}
      {values.tool_type === 'BUILT_IN' ? (
        <SelectField
          name="builtin_dashboard"
          label={requiredLabel(t.fields.builtin_dashboard)}
          value={values.builtin_dashboard}
          onChange={(event) => change({ builtin_dashboard: event.target.value })}
        >
          {BUILT_IN_DASHBOARDS.map((dashboard) => (
            <option key={dashboard} value={dashboard}>
              {t.dashboards[dashboard]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <FileInput
        label={t.fields.image}
        accept="image/*"
        file={values.image}
        onChange={(image) => change({ image, delete_image: image === null && Boolean(report?.image) })}
        current={report?.image && !values.delete_image ? <a href={report.image}>{t.fields.image}</a> : undefined}
      />
      <RequiredNote />
    </>,
    <TargetsStep key="users" values={values} onChange={change} role={profile?.profile.user_role} />,
    <ParametersStep key="parameters" values={values} onChange={change} />,
    <ModuleSelect key="module" moduleType="REPORT" value={values.module} onChange={(module) => change({ module })} />,
  ];

  if (step === t.steps.length) {
    return <SuccessPanel message={t.success} linkLabel={t.backToList} to="/admin/reports" />;
  }
  const last = step === t.steps.length - 1;
  return (
    <WizardFrame
      titles={t.steps}
      step={step}
      dirty={dirty}
      error={last ? error : undefined}
      onBack={step > 0 ? wizard.back : undefined}
      onNext={last ? submit : wizard.next}
      nextLabel={last ? (editing ? t.editButton : t.createButton) : undefined}
      disabled={!stepPasses(values, step)}
      busy={busy}
    >
      {steps[step]}
    </WizardFrame>
  );
}
