import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite } from '../lib/data/audit';
import { getSecondFactor, secondFactorDeletion } from '../lib/data/second-factors';
import { transactWrite } from '../lib/data/transact';
import { membershipsOf } from '../lib/data/users';
import { forbidden } from '../lib/errors';
import { requireUser, requireWholeUserInScope } from './users';

/**
 * A higher admin's reset of a user's second factor (a lost phone): a user it manages (its scope, a role it may invite:
 * below its own, or any other user for the SUPER_ADMIN; 404 otherwise), whose every membership is in its scope (the
 * factor guards the whole account, which other firms may share: 403 otherwise), never its own (403). The factor and
 * its recovery codes go in one transaction with the audit item; the trusted devices of that enrolment stop counting.
 */
export async function resetUserSecondFactor(caller: Caller, uuid: string) {
  const user = await requireUser(caller, uuid);
  if (uuid === caller.user.uuid) throw forbidden();
  requireWholeUserInScope(caller, await membershipsOf(user));
  const factor = await getSecondFactor(uuid);
  await transactWrite([
    secondFactorDeletion(uuid),
    auditWrite(
      config.tableName,
      caller,
      'UPDATE',
      { type: 'USER', uuid },
      { second_factor: [factor?.status ?? null, null] },
    ),
  ]);
  return { detail: 'ok' };
}
