import type { Caller } from '../auth/caller';
import { readDirectories } from '../data/directory';
import { type ModuleEntry, type ModuleType, modulesOf } from '../data/modules';
import { referencesOfUser } from '../data/report-references';
import { type AssignmentEntry, type AssignmentKind, assignmentDirectories } from '../data/reports';
import type { Entry } from '../data/table';
import { callerSelection } from './selection';
import { isVisible } from './visibility';

/**
 * A user's items for its selection, grouped by module (portal §2 sidebar 'Mis reportes' and Contabilidad by
 * menu_name; §7 get-module-report, get-module-accounting): the selection's project directory and the kind's modules
 * in one BatchGet, the user's references (reports) in one Query, then the visibility rule.
 */
export async function userItems<T>(
  caller: Caller,
  kind: AssignmentKind,
  moduleType: ModuleType,
  query: { project?: string; group?: string; society?: string },
  item: (entry: Entry<AssignmentEntry>) => T,
) {
  const selection = await callerSelection(caller, query);
  if (!selection) return [];
  const [{ entries }, hidden] = await Promise.all([
    readDirectories<AssignmentEntry>([assignmentDirectories.ofProject(kind, selection.project), modulesOf(moduleType)]),
    kind === 'REPORT' ? hiddenReports(caller.user.uuid) : Promise.resolve(new Set<string>()),
  ]);
  const [items = [], modules = []] = entries as [Array<Entry<AssignmentEntry>>, Array<Entry<ModuleEntry>>];
  const visible = items.filter((e) => isVisible(e.value, caller.role, selection, hidden, e.id));
  return modules
    .map((module) => ({
      uuid: module.id,
      module_name: module.value.n,
      report_list: visible
        .filter((e) => e.value.m === module.id)
        .sort((a, b) => a.value.n.localeCompare(b.value.n, 'es'))
        .map(item),
    }))
    .filter((module) => module.report_list.length > 0)
    .sort((a, b) => a.module_name.localeCompare(b.module_name, 'es'));
}

/** The reports a reference hides from this user (cant_see). */
export async function hiddenReports(user: string): Promise<Set<string>> {
  return new Set((await referencesOfUser(user)).filter((r) => r.cant_see).map((r) => r.reporte));
}
