import { requireForAdmin } from '../lib/assignments/assignments';
import type { Caller } from '../lib/auth/caller';
import { referencesOfReport, referencesOfUser, referenceWrites } from '../lib/data/report-references';
import type { ReportRecord } from '../lib/data/reports';
import { transactWrite } from '../lib/data/transact';
import { getUser } from '../lib/data/users';
import { fieldErrors } from '../lib/errors';
import { reachesAll } from '../lib/user-reach';

/**
 * Report references (portal §3 "reporte, usuario, cant_see"): an admin hides one report from one user of its scope;
 * the user lists and the viewer leave it out for that user (lib/assignments/user-lists.ts).
 */
export async function listReferences(caller: Caller, report: string | undefined) {
  if (!report || caller.role === 'USER_GROUP' || caller.role === 'USER_SOCIETY') {
    return referencesOfUser(caller.user.uuid);
  }
  await requireForAdmin<ReportRecord>(caller, 'REPORT', report, false);
  const all = await referencesOfReport(report);
  if (caller.role === 'SUPER_ADMIN') return all;
  // Only the users the admin reaches (nothing about another tenant's people).
  const users = await Promise.all(all.map((r) => getUser(r.usuario)));
  const reached = await Promise.all(users.map((u) => (u ? reachesAll(caller, [u]) : false)));
  return all.filter((_, index) => reached[index]);
}

export async function putReference(caller: Caller, input: { reporte: string; usuario: string; cant_see: boolean }) {
  await requireForAdmin<ReportRecord>(caller, 'REPORT', input.reporte, {});
  const user = await getUser(input.usuario);
  if (!user || !(await reachesAll(caller, [user]))) throw fieldErrors({ usuario: ['FORMAT_NOT_ALLOWED'] });
  await transactWrite(referenceWrites(input));
  return input;
}
