import { formatDay } from '../../shared/day';
import { reportsViewer as t } from '../../shared/i18n/es/reports';
import { ROLE_LABELS, type Role } from '../../shared/roles';
import type { Selection } from '../lib/assignments/visibility';
import { nowMs } from '../lib/clock';
import { readDirectories } from '../lib/data/directory';
import { type GroupEntry, groupsOfProject } from '../lib/data/groups';
import { indicatorSeries, indicatorValueOn } from '../lib/data/indicators';
import { getItems } from '../lib/data/list-index';
import type { ReportRecord } from '../lib/data/reports';
import { type SocietyEntry, societiesOfGroup, societiesOfProject } from '../lib/data/societies';
import { type Entry, keys } from '../lib/data/table';
import { type UserEntry, usersOfGroup, usersOfProject, usersOfSociety } from '../lib/data/user-listing';
import { accountingSummary } from './dashboard-accounting';
import { documentsActivity, scopeKeyOf, scopeNameOf } from './dashboard-documents';
import type { Panel } from './dashboard-panel';

/**
 * Built-in dashboards (a third tool type): drawn by the portal from its own data, for the caller's verified
 * selection only. PORTAL_ACTIVITY counts societies and users of the selection from the listing directories (one
 * BatchGet); INDICATORS charts the stored currency series; DOCUMENTS the documents added per month and the space per
 * folder (dashboard-documents.ts); ACCOUNTING a society's monthly revenue, expenses and result from its ledger's
 * monthly aggregates (dashboard-accounting.ts).
 *
 * Counts over time: only documents have them. Their feed entries carry the creation date; the users and societies
 * listing entries carry only the last change (`u`), so a "created per month" of those would need a date added to
 * every entry first (a rewrite of all directories), left for later.
 */

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts]
    .map(([label, value]) => ({ label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, 'es'));
};

async function activity(selection: Selection): Promise<{ scopeName: string; panels: Panel[] }> {
  const societyDirectory = selection.society
    ? undefined
    : selection.group
      ? societiesOfGroup(selection.group)
      : societiesOfProject(selection.project);
  const userDirectory = selection.society
    ? usersOfSociety(selection.society)
    : selection.group
      ? usersOfGroup(selection.group)
      : usersOfProject(selection.project);
  const scopeKey = selection.society
    ? keys.society(selection.society)
    : selection.group
      ? keys.group(selection.group)
      : keys.project(selection.project);
  const directories = [
    userDirectory,
    groupsOfProject(selection.project),
    ...(societyDirectory ? [societyDirectory] : []),
  ];
  const { entries, extra } = await readDirectories<unknown>(directories, [scopeKey]);
  const [users = [], groups = [], societies = []] = entries as [
    Array<Entry<UserEntry>>,
    Array<Entry<GroupEntry>>,
    Array<Entry<SocietyEntry>>,
  ];
  const scope = extra[0] ?? {};
  const scopeName = String(scope.society_business_name ?? scope.group_name ?? scope.project_name ?? '');
  // A group lists a member of two of its societies twice (`<user>:<society>`): count people once.
  const people = new Map(users.map((u) => [u.id.split(':')[0], u.value]));
  const groupNames = new Map(groups.map((g) => [g.id, g.value.n]));
  const panels: Panel[] = [
    {
      id: 'users-by-role',
      title: t.panels.usersByRole,
      chart: 'pie',
      points: countBy([...people.values()], (u) => ROLE_LABELS[u.r as Role] ?? u.r),
    },
  ];
  if (societyDirectory) {
    panels.unshift({
      id: 'societies-by-group',
      title: t.panels.societiesByGroup,
      chart: 'bar',
      points: countBy(societies, (s) => groupNames.get(s.value.g) ?? ''),
    });
    panels.push({
      id: 'societies-by-status',
      title: t.panels.societiesByStatus,
      chart: 'pie',
      points: countBy(societies, (s) => (s.value.e ? t.enabled : t.disabled)),
    });
  }
  return { scopeName, panels };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The 90 days up to each indicator's latest value, as the home's cards do: when the provider stopped publishing (or
 * the store was last filled long ago) the chart still shows the last values it has, and its title says until when.
 */
async function indicators(): Promise<Panel[]> {
  const today = day(nowMs());
  const panel = async (code: 'dolar' | 'uf', title: string, titleUntil: (day: string) => string): Promise<Panel> => {
    const latest = await indicatorValueOn(code, today);
    const end = latest?.day ?? today;
    const from = day(Date.parse(end) - 90 * 86_400_000);
    const series = await indicatorSeries(code, from, end);
    // A week without a value is more than a weekend or a holiday: the title names the last day.
    const stale = Date.parse(today) - Date.parse(end) > 7 * 86_400_000;
    return {
      id: code,
      title: stale ? titleUntil(formatDay(end)) : title,
      chart: 'line',
      points: series.map((v) => ({ label: v.day, value: v.value })),
    };
  };
  return Promise.all([panel('dolar', t.panels.dolar, t.panels.dolarUntil), panel('uf', t.panels.uf, t.panels.ufUntil)]);
}

export async function dashboardData(report: ReportRecord, selection: Selection | undefined) {
  const dashboard = report.builtin_dashboard ?? 'PORTAL_ACTIVITY';
  // SUPER_ADMIN previews without a selection of its own: the report's first project.
  const scope = selection ?? (report.projects[0] ? { project: report.projects[0] } : undefined);
  if (dashboard === 'INDICATORS') return { dashboard, scope_name: '', panels: await indicators() };
  if (!scope) return { dashboard, scope_name: '', panels: [] };
  if (dashboard === 'DOCUMENTS') {
    const { scopeName, panels } = await documentsActivity(scope, new Date(nowMs()));
    return { dashboard, scope_name: scopeName, panels };
  }
  if (dashboard === 'ACCOUNTING') {
    const [{ panels, note }, names] = await Promise.all([
      accountingSummary(scope.society),
      getItems<Record<string, unknown>>([scopeKeyOf(scope)]),
    ]);
    return { dashboard, scope_name: scopeNameOf(names[0]), panels, ...(note && { note }) };
  }
  const { scopeName, panels } = await activity(scope);
  return { dashboard, scope_name: scopeName, panels };
}
