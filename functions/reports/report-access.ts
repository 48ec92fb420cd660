import { callerSelection } from '../lib/assignments/selection';
import { hiddenReports } from '../lib/assignments/user-lists';
import { isVisible, type Selection } from '../lib/assignments/visibility';
import type { Caller } from '../lib/auth/caller';
import { getAssignment, type ReportRecord } from '../lib/data/reports';
import { ApiError } from '../lib/errors';

/**
 * A report as its viewer may open it (portal §2 /reportView, §8 NOT_FOUNT 'Grafico no encontrado'): the same 404 for
 * a report that is gone, not targeted at the caller's selection, not enabled for its role, disabled, or hidden from
 * it by a reference, so nothing tells them apart. SUPER_ADMIN previews any report.
 */
export const reportNotFound = () => new ApiError(404, 'NOT_FOUNT');

export async function visibleReport(
  caller: Caller,
  uuid: string,
  query: { project?: string; group?: string; society?: string },
): Promise<{ report: ReportRecord; selection: Selection | undefined }> {
  const [report, selection, hidden] = await Promise.all([
    getAssignment<ReportRecord>('REPORT', uuid),
    callerSelection(caller, query),
    hiddenReports(caller.user.uuid),
  ]);
  if (!report) throw reportNotFound();
  if (caller.role === 'SUPER_ADMIN') return { report, selection };
  const item = {
    e: report.enable,
    f: [
      report.enable_project_admin,
      report.enable_group_admin,
      report.enable_user_group,
      report.enable_user_society,
    ] as const,
    a: report.anchors,
  };
  if (!selection || !isVisible(item, caller.role, selection, hidden, uuid)) throw reportNotFound();
  return { report, selection };
}
