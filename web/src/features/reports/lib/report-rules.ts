import { RESERVED_PARAMETER_NAMES, reportCreateSchema, reportPatchSchema } from '@shared/contracts/reports';
import { ROLE_FLAGS, usersStepValid } from '@/components/assignments/assignment-values';
import { type ContractRules, contractRules, type FormMessages, messages } from '@/components/form/contract-rules';
import { FIXED_PARAMETERS, type ReportValues, reportFormData } from '@/features/reports/api/report-form';

const WORDS: FormMessages<ReportValues> = {
  report_name: messages.text,
  menu_name: messages.text,
  description: messages.text,
};

/**
 * The fields of the body each step fills (portal §4): the main data, the users, the parameters, the module. The fixed
 * parameters are fields of the body, not of the form's values (which hold them under `fixed`).
 */
const STEP_FIELDS = [
  ['report_name', 'menu_name', 'description', 'tool_type', 'url', 'aws_id_dashboard', 'builtin_dashboard'],
  [...ROLE_FLAGS, 'project_list', 'group_list', 'society_list'],
  [...FIXED_PARAMETERS, 'parameter_list'],
  ['module'],
] as unknown as ReadonlyArray<ReadonlyArray<keyof ReportValues>>;

/** The contract leaves the tool's dashboard optional (the server asks for it by tool): a BI tool needs one picked. */
export function dashboardPicked(values: ReportValues): boolean {
  if (values.tool_type === 'POWER_BI') return values.url.trim() !== '';
  if (values.tool_type === 'QUICKSIGHT') return values.aws_id_dashboard.trim() !== '';
  return values.builtin_dashboard !== '';
}

/** The server refuses reserved parameter names (the BI tools' row-level security tags), compared without case. */
export const noReservedParameter = (values: ReportValues) =>
  ![...Object.values(values.fixed), ...values.parameter_list.map((p) => p.parameter_name)].some(
    (name) => name && (RESERVED_PARAMETER_NAMES as readonly string[]).includes(name.trim().toLowerCase()),
  );

/** What the contract checks: the multipart body the wizard sends, read field by field as the server reads it. */
function checkedBody(values: ReportValues, saved: ReportValues | undefined): object {
  const body: Record<string, unknown> = Object.fromEntries(reportFormData(values, saved).entries());
  // The image is no contract field: the file input takes images only.
  delete body.image;
  return body;
}

export interface ReportRules {
  /** The form's validator: the POST's schema when created, the PATCH's when edited. */
  rules: ContractRules<ReportValues>;
  /** Whether a step may advance: its fields pass the contract, and what the server checks beyond it holds. */
  stepPasses(values: ReportValues, step: number): boolean;
}

/** The report wizard's rules (portal §4, §5); `saved`, the report's values when edited. */
export function reportRules(saved?: ReportValues): ReportRules {
  const editing = saved !== undefined;
  const rules = contractRules<ReportValues>([editing ? reportPatchSchema : reportCreateSchema], WORDS, (values) =>
    checkedBody(values, saved),
  );
  const beyond = [dashboardPicked, (values: ReportValues) => usersStepValid(values, editing), noReservedParameter];
  return {
    rules,
    stepPasses: (values, step) => rules.passes(values, STEP_FIELDS[step] ?? []) && (beyond[step]?.(values) ?? true),
  };
}
