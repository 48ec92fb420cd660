import { isReservedParameter } from '../../../shared/contracts/reports';
import type { Role } from '../../../shared/roles';
import type { Selection } from '../assignments/visibility';
import type { ReportRecord } from '../data/reports';

/**
 * What an embedding may show, from the caller's verified scope only: its role and user from its record, its
 * project, group and society from the selection checked against that record, and the report's parameters filled
 * from them. Nothing here reads the request's body or query.
 */
export interface EmbedScope {
  project?: string;
  group?: string;
  society?: string;
  role: Role;
  user: string;
}

export interface ScopeParameter {
  name: string;
  value: string;
}

export function embedScope(role: Role, user: string, selection: Selection | undefined): EmbedScope {
  return { role, user, project: selection?.project, group: selection?.group, society: selection?.society };
}

/**
 * The report's parameters for this scope (portal §3): the fixed kinds (project id, group id, user role, user id) with
 * the scope's values, and the custom parameters of the scope's project. A fixed kind without a value in this scope
 * (a project admin has no group) is left out, and so is any name reserved for the scope's own tags (a report saved
 * before the names were reserved may hold one).
 */
export function reportParameters(report: ReportRecord, scope: EmbedScope): ScopeParameter[] {
  const fixed: Array<[string | null, string | undefined]> = [
    [report.project_parameter_name, scope.project],
    [report.group_parameter_name, scope.group],
    [report.user_role_parameter_name, scope.role],
    [report.user_parameter_name, scope.user],
  ];
  const params = fixed.flatMap(([name, value]) => (name && value ? [{ name, value }] : []));
  for (const custom of report.parameter_list) {
    if (custom.project === scope.project) params.push({ name: custom.parameter_name, value: custom.parameter_content });
  }
  return params.filter((p) => !isReservedParameter(p.name));
}
