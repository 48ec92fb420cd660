import { FAMILY_OF_TYPE, type StatementFamily } from '../../shared/contracts/accounting';
import { ACCOUNTING_TYPE_NUMBER } from '../../shared/contracts/accounting-assignments';
import { ADMIN_ROLES } from '../../shared/roles';
import { isVisible, type Selection, targetsSelection } from '../lib/assignments/visibility';
import type { Caller } from '../lib/auth/caller';
import type { AccountingAssignmentRecord, AccountingType } from '../lib/data/accounting-assignments';
import { assignmentEntriesOfProject, getAssignment } from '../lib/data/reports';
import {
  getSociety,
  readSocietyEntries,
  type SocietyRecord,
  societiesOfGroup,
  societiesOfProject,
} from '../lib/data/societies';
import { notFound } from '../lib/errors';
import { societyInScope } from '../lib/scope';
import { spendCallerQuota } from '../lib/usage-quotas';

/**
 * Who may see a society's statements (portal §6: "Statement viewer societies load by project for PROJECT_ADMIN, by
 * group for GROUP_ADMIN and USER_GROUP, by society for USER_SOCIETY"): admins within their scope, a USER_GROUP in its
 * groups, a USER_SOCIETY its own societies.
 */
function inViewerScope(caller: Caller, society: { uuid: string; group_uuid: string; project_uuid: string }) {
  if (caller.role === 'USER_SOCIETY') return caller.user.society_uuids.includes(society.uuid);
  if (caller.role === 'USER_GROUP') return caller.user.group_uuids.includes(society.group_uuid);
  return societyInScope(caller, society);
}

const selectionOf = (society: { uuid: string; group_uuid: string; project_uuid: string }): Selection => ({
  project: society.project_uuid,
  group: society.group_uuid,
  society: society.uuid,
});

/**
 * Does the assignment open this society's statements for the caller ("the viewer honours its assignment")?
 * THE visibility rule of module assignments (enabled, the role's flag, a target covering the society) applied to the
 * society itself, so an assignment targeted at one society of a group does not open its siblings. SUPER_ADMIN has no
 * flag and previews any assignment, as it previews reports (functions/reports/report-access.ts), but only for the
 * societies its targets cover.
 */
function opens(assignment: AccountingAssignmentRecord, caller: Caller, selection: Selection): boolean {
  if (caller.role === 'SUPER_ADMIN') return targetsSelection(assignment.anchors, selection);
  const item = {
    e: assignment.enable,
    f: [
      assignment.enable_project_admin,
      assignment.enable_group_admin,
      assignment.enable_user_group,
      assignment.enable_user_society,
    ] as const,
    a: assignment.anchors,
  };
  return isVisible(item, caller.role, selection);
}

async function assignmentFor(uuid: string, family?: StatementFamily) {
  const assignment = await getAssignment<AccountingAssignmentRecord>('ACCOUNTING', uuid);
  if (!assignment) throw notFound();
  // An assignment opens its own statement type only (/accounting/{type}/{uuid}).
  if (family && FAMILY_OF_TYPE[ACCOUNTING_TYPE_NUMBER[assignment.accounting_type]] !== family) throw notFound();
  return assignment;
}

/**
 * The society of a statement request. With `assignment` (the viewer opened through /accounting/{type}/{uuid}), that
 * assignment must open the society for the caller. Without it (the spec's calls: society, periods, rule, money_type),
 * the server decides: admins see the societies of their scope, clients those some enabled assignment of this statement
 * type opens for them. A society out of scope, an assignment that is gone, of another type, disabled, not for the
 * caller's role or not covering the society all answer the same 404, as if nothing existed.
 */
export async function societyForViewer(
  caller: Caller,
  query: { society: string; assignment?: string },
  family: StatementFamily,
): Promise<SocietyRecord> {
  const [society, assignment] = await Promise.all([
    getSociety(query.society),
    query.assignment ? assignmentFor(query.assignment, family) : undefined,
  ]);
  if (!society || !inViewerScope(caller, society)) throw notFound();
  if (
    assignment ? !opens(assignment, caller, selectionOf(society)) : !(await seesStatements(caller, society, family))
  ) {
    throw notFound();
  }
  return society;
}

/** Without a named assignment: an admin by its scope, a client by any assignment of the type that opens the society. */
async function seesStatements(caller: Caller, society: SocietyRecord, family: StatementFamily): Promise<boolean> {
  if (ADMIN_ROLES.includes(caller.role)) return true;
  const entries = await assignmentEntriesOfProject('ACCOUNTING', society.project_uuid);
  return entries.some(
    (entry) =>
      FAMILY_OF_TYPE[ACCOUNTING_TYPE_NUMBER[entry.value.x.a as AccountingType]] === family &&
      isVisible(entry.value, caller.role, selectionOf(society)),
  );
}

/**
 * An export's society: the viewer's, then the export spends the caller's and its firms' HEAVY quota, after
 * the scope check so a refused call writes nothing.
 */
export async function societyForExport(
  caller: Caller,
  query: { society: string; assignment?: string },
  family: StatementFamily,
): Promise<SocietyRecord> {
  const society = await societyForViewer(caller, query, family);
  await spendCallerQuota(caller, 'HEAVY');
  return society;
}

/**
 * The viewer's society selector: the societies the assignment opens for the caller (its targets' directories, read in
 * one BatchGet, then scope and the visibility rule), by name; 404 when it opens none.
 */
export async function societiesForViewer(caller: Caller, assignmentUuid: string) {
  const assignment = await assignmentFor(assignmentUuid);
  const directories = assignment.anchors.map((a) => (a.g ? societiesOfGroup(a.g) : societiesOfProject(a.p)));
  const { entries } = await readSocietyEntries(directories);
  const societies = entries
    .map((e) => ({ uuid: e.id, group_uuid: e.value.g, project_uuid: e.value.p, value: e.value }))
    .filter((s) => inViewerScope(caller, s) && opens(assignment, caller, selectionOf(s)))
    .map((s) => ({ uuid: s.uuid, society_business_name: s.value.n, society_rut: s.value.r }))
    .sort((a, b) => a.society_business_name.localeCompare(b.society_business_name, 'es'));
  // An assignment that opens nothing for the caller (another tenant's, disabled, not for its role) is not there.
  if (societies.length === 0) throw notFound();
  return societies;
}

/** Imports: the admins whose scope holds the society ("admins, per society, within their scope"). */
export async function societyForImport(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society || !societyInScope(caller, society)) throw notFound();
  return society;
}
