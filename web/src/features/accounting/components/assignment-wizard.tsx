import { SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { ACCOUNTING_TYPES } from '@shared/contracts/accounting-assignments';
import { es } from '@shared/i18n/es';
import { type ReactNode, useState } from 'react';
import { RequiredNote, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { useWizard, WizardFrame } from '@/components/admin/wizard';
import {
  type AssignmentValues,
  appendAssignment,
  assignmentValuesFrom,
  EMPTY_ASSIGNMENT,
  usersStepValid,
} from '@/components/assignments/assignment-values';
import { ModuleSelect } from '@/components/assignments/module-select';
import { TargetsStep } from '@/components/assignments/targets-step';
import {
  type AssignmentDetail,
  useCreateAssignment,
  useUpdateAssignment,
} from '@/features/accounting/api/assignment-api';
import { useSession } from '@/lib/session';

const t = es.accountingAssignmentsAdmin;
type Values = AssignmentValues & { accounting_type: string };

/**
 * The accounting assignment wizard (portal §2, §4): Datos principales (type, menu name, description), Usuarios (a user
 * type; on create also a target), Ubicación (a module), then the success step with a link to /admin/accounting.
 */
export function AssignmentWizard({ assignment }: { assignment?: AssignmentDetail }) {
  const { profile } = useSession();
  const editing = Boolean(assignment);
  const [saved] = useState<Values | undefined>(() =>
    assignment ? { ...assignmentValuesFrom(assignment), accounting_type: assignment.accounting_type } : undefined,
  );
  const [values, setValues] = useState<Values>(() => saved ?? { ...EMPTY_ASSIGNMENT, accounting_type: '' });
  const [submitted, setSubmitted] = useState(false);
  const wizard = useWizard(t.steps.length + 1);
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const change = (changes: Partial<Values>) => setValues((current) => ({ ...current, ...changes }));
  const step = wizard.index;
  const dirty =
    !submitted && JSON.stringify(values) !== JSON.stringify(saved ?? { ...EMPTY_ASSIGNMENT, accounting_type: '' });
  const valid = [
    values.accounting_type !== '' && values.menu_name.trim() !== '' && values.description.trim() !== '',
    usersStepValid(values, editing),
    values.module !== '',
  ][step];

  const submit = () => {
    setSubmitted(true);
    const body = appendAssignment(new FormData(), values, saved);
    body.append('accounting_type', values.accounting_type);
    const done = { onSuccess: () => wizard.next(), onError: () => setSubmitted(false) };
    if (assignment) update.mutate({ uuid: assignment.uuid, body }, done);
    else create.mutate(body, done);
  };

  const steps: ReactNode[] = [
    <>
      <SelectField
        name="accounting_type"
        label={requiredLabel(t.accountingType)}
        value={values.accounting_type}
        onChange={(event) => change({ accounting_type: event.target.value })}
      >
        <option value="">{t.chooseType}</option>
        {ACCOUNTING_TYPES.map((type) => (
          <option key={type} value={type}>
            {t.types[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        name="menu_name"
        label={requiredLabel(es.assignmentsAdmin.menuName)}
        value={values.menu_name}
        onChange={(event) => change({ menu_name: event.target.value })}
      />
      <TextAreaField
        name="description"
        label={requiredLabel(es.assignmentsAdmin.description)}
        value={values.description}
        onChange={(event) => change({ description: event.target.value })}
      />
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
      disabled={!valid}
      busy={create.isPending || update.isPending}
    >
      {steps[step]}
    </WizardFrame>
  );
}
