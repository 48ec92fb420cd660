import * as z from 'zod/mini';
import { emailSchema, preprocess, rutSchema } from '../../shared/contracts/fields';
import { phoneSchema } from '../../shared/contracts/phone-fields';
import { personName } from '../../shared/contracts/users';
import { ROLES } from '../../shared/roles';
import { normalizeRut } from '../../shared/rut';
import type { Caller } from '../lib/auth/caller';
import { groupNameKey } from '../lib/data/groups';
import { getInvitation, recordInvitationMail } from '../lib/data/invitations';
import { projectNameKey } from '../lib/data/projects';
import { QUOTAS, type QuotaKind, quotaExceeded, quotaLeft } from '../lib/data/quotas';
import { societyOfRut } from '../lib/data/societies';
import { markerOwner } from '../lib/data/writes';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/http/field-errors';
import { enqueueMails } from '../lib/mail-queue';
import { seesEverything } from '../lib/scope';
import { cachedLoaders, type EntityLoaders } from './invitation-targets';
import { createInvitation } from './invitations';
import { readUsersCsv } from './users-csv';

/**
 * CSV import (admin-area §2, "Import users"): each valid row becomes an invitation, exactly as the invite form would
 * make it (same roles, targets and scope rules), so nobody's password travels in a file. Columns:
 *   email, first_name, last_name, rut_user, phone_number, user_role, project, group, society
 * (phone_number optional). What the row knows of the person travels with the invitation and prefills the
 * registration form (the invitee retyped everything).
 * project is a project name; group a group name within that project (several separated by ';'); society a RUT of a
 * society of that project (several separated by ';'). A PROJECT_ADMIN or GROUP_ADMIN may leave project empty: its own
 * project is used; a SUPER_ADMIN names it for groups and societies.
 * A row either becomes one invitation or none; the answer reports every row.
 */
export const CSV_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'rut_user',
  'phone_number',
  'user_role',
  'project',
  'group',
  'society',
];
const CONCURRENCY = 16;

const rowSchema = z.object({
  email: emailSchema,
  first_name: personName,
  last_name: personName,
  rut_user: preprocess((v) => (v === '' ? undefined : v), z.optional(rutSchema)),
  phone_number: preprocess((v) => (v === '' ? undefined : v), z.optional(phoneSchema)),
  user_role: z.enum(ROLES),
  project: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  group: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
  society: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
});

type Row = z.output<typeof rowSchema>;
export interface RowReport {
  row: number;
  email: string;
  status: 'CREATED' | 'FAILED' | 'ALREADY_INVITED';
  errors: Record<string, string[]>;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

/** Looks up the owners of names (markers, a project's RUTs) once per file. */
function ownerLookup() {
  const cache = new Map<string, Promise<string | undefined>>();
  const once = (id: string, find: () => Promise<string | undefined>) => {
    let found = cache.get(id);
    if (!found) {
      found = find();
      cache.set(id, found);
    }
    return found;
  };
  return {
    marker: (key: { pk: string; sk: string }) => once(key.pk, () => markerOwner(key)),
    society: (project: string, rut: string) => once(`RUT#${project}#${rut}`, () => societyOfRut(project, rut)),
  };
}

/**
 * A row's project: named, it must be one of the caller's (another firm's project answers as a name nobody has, so a
 * file cannot probe which firms exist); unnamed, the caller's own.
 */
async function rowProject(caller: Caller, row: Row, owner: ReturnType<typeof ownerLookup>) {
  if (!row.project) return caller.user.project_uuids[0];
  const uuid = await owner.marker(projectNameKey(row.project));
  return uuid && (seesEverything(caller) || caller.user.project_uuids.includes(uuid)) ? uuid : undefined;
}

async function importRow(
  caller: Caller,
  row: Row,
  owner: ReturnType<typeof ownerLookup>,
  load: EntityLoaders,
): Promise<string> {
  const projectUuid = await rowProject(caller, row, owner);
  const missing = (field: string, code = 'FORMAT_NOT_ALLOWED') =>
    new ApiError(400, 'VALIDATION_ERROR', { errors: { [field]: [code] } });
  const resolve = async (field: string, found: Array<Promise<string | undefined>>) => {
    const uuids = await Promise.all(found);
    if (uuids.some((u) => !u)) throw missing(field);
    return uuids as string[];
  };
  if (row.project && !projectUuid) throw missing('project');
  const groups = list(row.group);
  const ruts = list(row.society);
  // Groups are named within a project, and so are societies' RUTs (one society per RUT per firm).
  if ((groups.length > 0 || ruts.length > 0) && !projectUuid) throw missing('project', 'REQUIRED');
  const project = projectUuid as string;
  const invitation = await createInvitation(
    caller,
    {
      email: row.email,
      user_role: row.user_role,
      project: row.user_role === 'PROJECT_ADMIN' && projectUuid ? [projectUuid] : undefined,
      group: await resolve(
        'group',
        groups.map((name) => owner.marker(groupNameKey(project, name))),
      ),
      society: await resolve(
        'society',
        ruts.map((rut) => owner.society(project, normalizeRut(rut))),
      ),
    },
    {
      first_name: row.first_name,
      last_name: row.last_name,
      ...(row.rut_user && { rut_user: row.rut_user }),
      ...(row.phone_number && { phone_number: row.phone_number }),
    },
    load,
    { queued: true },
  );
  return invitation.uuid;
}

/**
 * A file with more rows than the day's invitation mails the admin (or its firm) has left is refused whole,
 * before any row is written, with the wait; each row then spends its mail in its own transaction, so concurrent
 * imports still cannot pass the caps (a row refused so is reported as failed).
 */
async function checkMailQuotas(caller: Caller, rows: number) {
  const uses: Array<[QuotaKind, string]> = [['MAIL_ADMIN', caller.user.uuid]];
  if (caller.role !== 'SUPER_ADMIN')
    for (const project of caller.user.project_uuids) uses.push(['MAIL_PROJECT', project]);
  for (const [kind, key] of uses) {
    const { left, endsIn } = await quotaLeft(kind, key);
    if (rows > left) throw quotaExceeded(QUOTAS[kind].code, endsIn);
  }
}

/**
 * Imports the rows, CONCURRENCY at a time, until `deadline` (epoch ms): rows not reached by then are reported as
 * NOT_PROCESSED rather than letting the request time out; importing the same file again finishes them (rows already
 * invited answer USER_ALREADY_INVITED).
 */
export async function importUsers(caller: Caller, csv: Buffer, deadline = Number.POSITIVE_INFINITY) {
  const records = readUsersCsv(csv);

  await checkMailQuotas(caller, records.length);

  const owner = ownerLookup();
  const load = cachedLoaders();
  const reports: RowReport[] = new Array(records.length);
  const invited: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < records.length) {
      const index = next++;
      const record = records[index] as Record<string, string>;
      // Row numbers as a spreadsheet shows them: the header is row 1.
      const report: RowReport = { row: index + 2, email: record.email ?? '', status: 'CREATED', errors: {} };
      const parsed = validate(rowSchema, record);
      try {
        if (Date.now() > deadline) throw new ApiError(408, 'NOT_PROCESSED');
        if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', { errors: parsed.errors });
        invited.push(await importRow(caller, parsed.data, owner, load));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A re-import meets the rows it invited before: said as such, not as errors.
        report.status = error.code === 'USER_ALREADY_INVITED' ? 'ALREADY_INVITED' : 'FAILED';
        report.errors = (error.extra.errors as Record<string, string[]>) ?? { non_field_errors: [error.code] };
      }
      reports[index] = report;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  // The mails go through the queue at SES's rate; one that could not be queued is marked unsent, to resend.
  const unqueued = await enqueueMails(invited.map((invitation) => ({ invitation })));
  for (const uuid of unqueued) {
    const invitation = await getInvitation(uuid);
    if (invitation) await recordInvitationMail(invitation, 'SEND_FAILED', null);
  }
  const count = (status: RowReport['status']) => reports.filter((r) => r.status === status).length;
  return {
    created: count('CREATED'),
    failed: count('FAILED'),
    already_invited: count('ALREADY_INVITED'),
    mails_queued: invited.length - unqueued.length,
    rows: reports,
  };
}
