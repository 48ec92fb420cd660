import { requireForAdmin } from '../lib/assignments/assignments';
import { anchorReadable } from '../lib/assignments/targets';
import { type MemberPlace, reachesMember } from '../lib/assignments/visibility';
import type { Caller } from '../lib/auth/caller';
import { readDirectories } from '../lib/data/directory';
import { pageEntries, rowsWithinBudget } from '../lib/data/list-index';
import { referencesOfReport } from '../lib/data/report-references';
import type { ReportRecord } from '../lib/data/reports';
import type { Directory } from '../lib/data/table';
import { type UserEntry, usersOfGroup, usersOfProject, usersOfSociety, userText } from '../lib/data/user-listing';

/**
 * The screen of report references (portal §3 "Report reference per user: reporte, usuario, cant_see"): the
 * users of the caller's scope a report reaches (its targets within that scope, its role flags: the one visibility
 * rule), each with whether a reference hides it from them, searched and paged on the server.
 *
 * Calls: the report (scope), then in parallel one BatchGet of the users directories its targets name and one Query of
 * the report's references. A member is judged where it is listed (entries of a project's list carry no up-to-date
 * group or society): a project's list for project targets and its PROJECT_ADMINs, a group's list for group targets
 * (its people, and its societies' as `<user>:<society>`) and for the group people above a society target, a society's
 * list for society targets. The key count grows with the targets (64 per project, 32 per group, 8 per society).
 */
export interface AudienceQuery {
  reporte: string;
  cant_see?: boolean;
  search?: string;
  offset: number;
  limit: number;
}

export async function pageAudience(caller: Caller, query: AudienceQuery) {
  const report = await requireForAdmin<ReportRecord>(caller, 'REPORT', query.reporte, false);
  // Only the targets the caller manages: another tenant's people are never listed.
  const anchors = report.anchors.filter((a) => anchorReadable(caller, a));
  const item = {
    f: [
      report.enable_project_admin,
      report.enable_group_admin,
      report.enable_user_group,
      report.enable_user_society,
    ] as const,
    a: anchors,
  };
  const places: Array<{ directory: Directory; place: MemberPlace }> = [];
  const add = (directory: Directory, place: MemberPlace) => {
    if (!places.some((p) => p.directory.partition === directory.partition)) places.push({ directory, place });
  };
  for (const a of anchors) {
    if (!a.g || report.enable_project_admin) add(usersOfProject(a.p), { project: a.p });
    if (a.g && (!a.s || report.enable_group_admin || report.enable_user_group)) {
      add(usersOfGroup(a.g), { project: a.p, group: a.g });
    }
    if (a.g && a.s) add(usersOfSociety(a.s), { project: a.p, group: a.g, society: a.s });
  }
  const [read, references] = await Promise.all([
    readDirectories<UserEntry>(places.map((p) => p.directory)),
    referencesOfReport(report.uuid),
  ]);
  const seen = new Set<string>();
  const reached = read.entries.flatMap((entries, index) => {
    const where = (places[index] as (typeof places)[number]).place;
    return entries.flatMap((e) => {
      const [id = '', society] = e.id.split(':');
      if (seen.has(id)) return [];
      // A group lists a member of one of its societies as `<user>:<society>`.
      if (!reachesMember(item, e.value.r, society ? { ...where, society } : where)) return [];
      seen.add(id);
      return [{ id, value: e.value }];
    });
  });
  const hidden = new Set(references.filter((r) => r.cant_see).map((r) => r.usuario));
  const { count, page } = pageEntries(reached, {
    search: query.search,
    text: userText,
    filter: (e) => query.cant_see === undefined || hidden.has(e.id) === query.cant_see,
    ordering: { key: (v) => `${v.a} ${v.b}`, descending: false },
    offset: query.offset,
    limit: query.limit,
  });
  return {
    count,
    results: await rowsWithinBudget(page, (slice) =>
      slice.map((e) => ({
        uuid: e.id,
        first_name: e.value.f,
        last_name: e.value.l,
        email: e.value.m,
        user_role: e.value.r,
        cant_see: hidden.has(e.id),
      })),
    ),
  };
}
