import type { ResponseOf } from '@shared/contracts/define';
import type { getReportAdmin, TOOL_TYPES } from '@shared/contracts/reports';
import {
  type AssignmentValues,
  appendAssignment,
  assignmentValuesFrom,
  EMPTY_ASSIGNMENT,
} from '@/components/assignments/assignment-values';

export type ReportDetail = ResponseOf<typeof getReportAdmin>;
export type ToolType = (typeof TOOL_TYPES)[number];

export const FIXED_PARAMETERS = [
  'project_parameter_name',
  'group_parameter_name',
  'user_role_parameter_name',
  'user_parameter_name',
] as const;
export type FixedParameter = (typeof FIXED_PARAMETERS)[number];

export interface CustomParameter {
  parameter_name: string;
  parameter_content: string;
  project: string;
}

/** The report wizard's values (portal §3, §5). */
export interface ReportValues extends AssignmentValues {
  report_name: string;
  tool_type: ToolType;
  /** Power BI: the URL of the registered report picked (picked, never typed). */
  url: string;
  /** QuickSight: the id of the registered dashboard picked. */
  aws_id_dashboard: string;
  builtin_dashboard: string;
  fixed: Partial<Record<FixedParameter, string>>;
  parameter_list: CustomParameter[];
  image: File | null;
  delete_image: boolean;
}

export const EMPTY_REPORT: ReportValues = {
  ...EMPTY_ASSIGNMENT,
  report_name: '',
  tool_type: 'BUILT_IN',
  url: '',
  aws_id_dashboard: '',
  builtin_dashboard: 'PORTAL_ACTIVITY',
  fixed: {},
  parameter_list: [],
  image: null,
  delete_image: false,
};

export function reportValuesFrom(report: ReportDetail): ReportValues {
  const fixed: ReportValues['fixed'] = {};
  for (const key of FIXED_PARAMETERS) if (report[key]) fixed[key] = report[key] as string;
  return {
    ...assignmentValuesFrom(report),
    report_name: report.report_name,
    tool_type: report.tool_type,
    // A report saved before the registry holds no entry: its free-typed ids are not offered back, one must be picked.
    url: report.registry_entry ? (report.url ?? '') : '',
    aws_id_dashboard: report.registry_entry ? (report.aws_id_dashboard ?? '') : '',
    builtin_dashboard: report.builtin_dashboard ?? 'PORTAL_ACTIVITY',
    fixed,
    parameter_list: report.parameter_list.map(({ parameter_name, parameter_content, project }) => ({
      parameter_name,
      parameter_content,
      project,
    })),
    image: null,
    delete_image: false,
  };
}

/**
 * The multipart body (portal §5): the tool's fields, the parameters (custom ones as a JSON array, omitted when empty
 * or when no project is chosen), a new image only if changed.
 */
export function reportFormData(values: ReportValues, saved?: ReportValues): FormData {
  const form = appendAssignment(new FormData(), values, saved);
  form.append('report_name', values.report_name.trim());
  form.append('tool_type', values.tool_type);
  if (values.tool_type === 'POWER_BI') form.append('url', values.url.trim());
  if (values.tool_type === 'QUICKSIGHT') form.append('aws_id_dashboard', values.aws_id_dashboard.trim());
  if (values.tool_type === 'BUILT_IN') form.append('builtin_dashboard', values.builtin_dashboard);
  for (const key of FIXED_PARAMETERS) {
    const name = values.fixed[key]?.trim();
    if (name || saved?.fixed[key]) form.append(key, name ?? '');
  }
  if (values.parameter_list.length > 0 || (saved && saved.parameter_list.length > 0)) {
    form.append('parameter_list', JSON.stringify(values.parameter_list));
  }
  if (values.image) form.append('image', values.image);
  else if (values.delete_image) form.append('delete_image', 'true');
  return form;
}
