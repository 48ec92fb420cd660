import {
  type ACCOUNTING_TYPES,
  accountingAssignmentCreateSchema,
  accountingAssignmentPatchSchema,
} from '@shared/contracts/accounting-assignments';
import {
  type AssignmentValues,
  appendAssignment,
  ROLE_FLAGS,
  usersStepValid,
} from '@/components/assignments/assignment-values';
import { type ContractRules, contractRules, type FormMessages, messages } from '@/components/form/contract-rules';

/** The wizard's values: the shared ones and the statement's type ('' until chosen). */
export type AccountingValues = AssignmentValues & { accounting_type: (typeof ACCOUNTING_TYPES)[number] | '' };

const WORDS: FormMessages<AccountingValues> = { menu_name: messages.text, description: messages.text };

/** The fields each step fills (portal §4): the main data, the users, the module. */
const STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof AccountingValues>> = [
  ['accounting_type', 'menu_name', 'description'],
  [...ROLE_FLAGS, 'project_list', 'group_list', 'society_list'],
  ['module'],
];

/** The multipart body the wizard sends (portal §5); `saved` (edit) decides whether an emptied list is still sent. */
export function accountingFormData(values: AccountingValues, saved?: AccountingValues): FormData {
  const body = appendAssignment(new FormData(), values, saved);
  body.append('accounting_type', values.accounting_type);
  return body;
}

export interface AccountingRules {
  /** The form's validator: the POST's schema when created, the PATCH's when edited. */
  rules: ContractRules<AccountingValues>;
  /** Whether a step may advance: its fields pass the contract, and the users step has a user type (and a target). */
  stepPasses(values: AccountingValues, step: number): boolean;
}

/** The accounting assignment wizard's rules (portal §4, §5); `saved`, the assignment's values when edited. */
export function accountingRules(saved?: AccountingValues): AccountingRules {
  const editing = saved !== undefined;
  // The contract reads the body field by field, as the server reads the multipart form.
  const rules = contractRules<AccountingValues>(
    [editing ? accountingAssignmentPatchSchema : accountingAssignmentCreateSchema],
    WORDS,
    (values) => Object.fromEntries(accountingFormData(values, saved).entries()),
  );
  return {
    rules,
    stepPasses: (values, step) =>
      rules.passes(values, STEP_FIELDS[step] ?? []) && (step !== 1 || usersStepValid(values, editing)),
  };
}
