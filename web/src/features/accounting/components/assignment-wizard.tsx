import { SelectField } from '@aws-amplify/ui-react';
import { ACCOUNTING_TYPES } from '@shared/contracts/accounting-assignments';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { type ReactNode, useState } from 'react';
import { RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { useWizard, WizardFrame } from '@/components/admin/wizard';
import { assignmentValuesFrom, EMPTY_ASSIGNMENT } from '@/components/assignments/assignment-values';
import { ModuleSelect } from '@/components/assignments/module-select';
import { TargetsStep } from '@/components/assignments/targets-step';
import { useAppForm } from '@/components/form/app-form';
import {
  type AssignmentDetail,
  useCreateAssignment,
  useUpdateAssignment,
} from '@/features/accounting/api/assignment-api';
import { type AccountingValues, accountingFormData, accountingRules } from '@/features/accounting/lib/assignment-rules';
import { useSession } from '@/lib/session';

const t = es.accountingAssignmentsAdmin;
const EMPTY: AccountingValues = { ...EMPTY_ASSIGNMENT, accounting_type: '' };

/**
 * The accounting assignment wizard (portal §2, §4): Datos principales (type, menu name, description), Usuarios (a user
 * type; on create also a target), Ubicación (a module), then the success step with a link to /admin/accounting. Each
 * step's fields are checked by the contract before 'Siguiente'; the last step submits once.
 */
export function AssignmentWizard({ assignment }: { assignment?: AssignmentDetail }) {
  const { profile } = useSession();
  const editing = Boolean(assignment);
  const [saved] = useState<AccountingValues | undefined>(() =>
    assignment ? { ...assignmentValuesFrom(assignment), accounting_type: assignment.accounting_type } : undefined,
  );
  const [{ rules, stepPasses }] = useState(() => accountingRules(saved));
  const form = useAppForm({ defaultValues: saved ?? EMPTY, validators: { onChange: rules } });
  const values = useStore(form.store, (state) => state.values);
  const wizard = useWizard(t.steps.length + 1);
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  // The submit state is the mutations'.
  const busy = create.isPending || update.isPending;
  const change = (changes: Partial<AccountingValues>) => {
    for (const [field, value] of Object.entries(changes) as Array<[keyof AccountingValues, never]>) {
      form.setFieldValue(field, value);
    }
  };
  const step = wizard.index;
  const dirty = !busy && JSON.stringify(values) !== JSON.stringify(saved ?? EMPTY);

  const submit = () => {
    const body = accountingFormData(form.state.values, saved);
    const done = { onSuccess: () => wizard.next() };
    if (assignment) update.mutate({ uuid: assignment.uuid, body }, done);
    else create.mutate(body, done);
  };

  const steps: ReactNode[] = [
    <>
      <SelectField
        name="accounting_type"
        label={requiredLabel(t.accountingType)}
        value={values.accounting_type}
        onChange={(event) => change({ accounting_type: event.target.value as AccountingValues['accounting_type'] })}
      >
        <option value="">{t.chooseType}</option>
        {ACCOUNTING_TYPES.map((type) => (
          <option key={type} value={type}>
            {t.types[type]}
          </option>
        ))}
      </SelectField>
      <form.AppField name="menu_name">
        {(field) => <field.TextField label={requiredLabel(es.assignmentsAdmin.menuName)} />}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={requiredLabel(es.assignmentsAdmin.description)} />}
      </form.AppField>
      <RequiredNote />
    </>,
    <TargetsStep key="users" values={values} onChange={change} role={profile?.profile.user_role} />,
    <ModuleSelect
      key="module"
      moduleType="ACCOUNTING"
      value={values.module}
      onChange={(module) => change({ module })}
    />,
  ];

  if (step === t.steps.length)
    return <SuccessPanel message={t.success} linkLabel={t.backToList} to="/admin/accounting" />;
  const last = step === t.steps.length - 1;
  const error = create.error ?? update.error;
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
