import type { BodyOf } from '../../shared/contracts/define';
import type { putTaxRules } from '../../shared/contracts/tax-calendar';
import { ADMIN_ROLES } from '../../shared/roles';
import { COMMITTED_RULES } from '../../shared/tax-calendar/committed';
import {
  chileDay,
  DEFAULT_SETTINGS,
  type Obligation,
  obligationsOf,
  type SocietyTaxSettings,
  stateOf,
  type TaxYearRules,
} from '../../shared/tax-calendar/rules';
import type { Caller } from '../lib/auth/caller';
import { nowMs } from '../lib/clock';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import { getDocuments } from '../lib/data/documents';
import { getSociety, type SocietyRecord } from '../lib/data/societies';
import { nowIso } from '../lib/data/table';
import {
  type FilingRecord,
  getSavedRules,
  readSocietyTaxItems,
  saveRulesWrite,
  settingsWrite,
  type TaxSettingsRecord,
} from '../lib/data/tax-obligations';
import { transactWrite } from '../lib/data/transact';
import { societyVisible } from '../lib/document-access';
import { notFound } from '../lib/errors';
import { societyInScope } from '../lib/scope';

/**
 * The tax calendar: a year's rules (the SUPER_ADMIN's saved year, else the committed one), a society's obligations
 * with their state, and the filings the firm records with the filed form.
 */

/** A year's rules and whose they are; undefined where neither a saved nor a committed year exists. */
export async function rulesOf(year: number) {
  const saved = await getSavedRules(year);
  if (saved) {
    return { origin: 'saved' as const, rules: { ...saved.rules, year } as TaxYearRules, updated: saved.updated };
  }
  const committed = COMMITTED_RULES[year];
  return committed ? { origin: 'committed' as const, rules: committed, updated: null } : undefined;
}

const rulesView = (year: number, found: Awaited<ReturnType<typeof rulesOf>>) => {
  if (!found) return { year, origin: null, rules: null, updated: null };
  const { year: _year, ...rules } = found.rules;
  return { year, origin: found.origin, rules, updated: found.updated };
};

export async function getRules(year: number) {
  return rulesView(year, await rulesOf(year));
}

export async function putRules(caller: Caller, body: BodyOf<typeof putTaxRules>) {
  const before = await rulesOf(body.year);
  const saved = { year: body.year, rules: body.rules, updated: nowIso(), updated_by: caller.user.uuid };
  await transactWrite([
    saveRulesWrite(saved),
    auditWrite(
      config.tableName,
      caller,
      before?.origin === 'saved' ? 'UPDATE' : 'CREATE',
      { type: 'TAX_RULES', uuid: `TAXRULES-${body.year}` },
      diff({ ...(before?.rules ?? {}) }, { ...body.rules }),
    ),
  ]);
  return rulesView(body.year, { origin: 'saved', rules: { ...body.rules, year: body.year }, updated: saved.updated });
}

const isAdmin = (caller: Caller) => ADMIN_ROLES.includes(caller.role);

/**
 * The society whose calendar the caller reads: an admin's within its scope, a USER_GROUP's of its groups, a
 * USER_SOCIETY's own; anything else 404, as if it did not exist.
 */
async function calendarSociety(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society) throw notFound();
  const reaches = isAdmin(caller)
    ? societyInScope(caller, society)
    : caller.role === 'USER_GROUP'
      ? caller.user.group_uuids.includes(society.group_uuid)
      : caller.user.society_uuids.includes(society.uuid);
  if (!reaches) throw notFound();
  return society;
}

/** A society the caller files for: an admin within its scope. */
export async function filingSociety(caller: Caller, uuid: string): Promise<SocietyRecord> {
  const society = await getSociety(uuid);
  if (!society || !isAdmin(caller) || !societyInScope(caller, society)) throw notFound();
  return society;
}

export const settingsOf = (record: TaxSettingsRecord | undefined): SocietyTaxSettings =>
  record
    ? { f29_online: record.f29_online, f50: record.f50, declarations: record.declarations }
    : { ...DEFAULT_SETTINGS };

export const today = () => chileDay(nowMs());

export async function societyCalendar(caller: Caller, uuid: string, year: number | undefined) {
  const society = await calendarSociety(caller, uuid);
  const calendarYear = year ?? Number(today().slice(0, 4));
  const [found, items] = await Promise.all([rulesOf(calendarYear), readSocietyTaxItems(society.uuid)]);
  if (!found) throw notFound();
  const settings = settingsOf(items.settings);
  const obligations = obligationsOf(found.rules, settings);
  const filings = new Map(items.filings.map((f) => [f.obligation, f]));
  // The filed forms, as far as they still exist and the caller may open them (a client needs the firm's documents
  // opened to it).
  const documentUuids = obligations.flatMap((o) => filings.get(o.id)?.document_uuid ?? []);
  const documents =
    documentUuids.length > 0 && societyVisible(caller, society) ? await getDocuments(documentUuids) : [];
  const byUuid = new Map(documents.map((d) => [d.uuid, d]));
  const day = today();
  return {
    society: { uuid: society.uuid, name: society.society_business_name },
    year: calendarYear,
    today: day,
    settings,
    declarations: found.rules.declarations.map((d) => ({ number: d.number, name: d.name })),
    obligations: obligations.map((o) => obligationView(o, filings.get(o.id), day, byUuid)),
    can_file: isAdmin(caller),
  };
}

function obligationView(
  o: Obligation,
  filing: FilingRecord | undefined,
  day: string,
  documents: Map<string, { uuid: string; file_name: string; society_uuid: string }>,
) {
  const document = filing?.document_uuid ? documents.get(filing.document_uuid) : undefined;
  return {
    ...o,
    state: stateOf(o.due, Boolean(filing), day),
    filed: filing
      ? { at: filing.filed_at, document: document ? { uuid: document.uuid, file_name: document.file_name } : null }
      : null,
  };
}

export async function putSettings(caller: Caller, uuid: string, body: SocietyTaxSettings) {
  const society = await filingSociety(caller, uuid);
  const { settings: before } = await readSocietyTaxItems(society.uuid);
  const declarations = [...new Set(body.declarations)].sort();
  const record: TaxSettingsRecord = {
    society_uuid: society.uuid,
    f29_online: body.f29_online,
    f50: body.f50,
    declarations,
    updated: nowIso(),
  };
  await transactWrite([
    settingsWrite(record),
    auditWrite(
      config.tableName,
      caller,
      before ? 'UPDATE' : 'CREATE',
      { type: 'TAX_SETTINGS', uuid: society.uuid },
      diff({ ...settingsOf(before) }, { f29_online: body.f29_online, f50: body.f50, declarations }),
    ),
  ]);
  return settingsOf(record);
}

/**
 * The month's deadlines for the home, whatever a society's settings: F29 on both its days, F50, F22 and every sworn
 * statement of the year's list due that month.
 */
export async function monthDeadlines(month: string | undefined) {
  const day = today();
  const which = month ?? day.slice(0, 7);
  const found = await rulesOf(Number(which.slice(0, 4)));
  if (!found) return { month: which, today: day, deadlines: [] };
  const all = found.rules.declarations.map((d) => d.number);
  const paper = obligationsOf(found.rules, { f29_online: false, f50: true, declarations: all });
  const online = obligationsOf(found.rules, DEFAULT_SETTINGS).filter((o) => o.form === 'F29');
  const deadlines = [
    ...paper.map((o) => (o.form === 'F29' ? { ...o, name: `${o.name} (sin facturación electrónica)` } : o)),
    ...online.map((o) => ({ ...o, name: `${o.name} (facturadores electrónicos, por internet)` })),
  ]
    .filter((o) => o.due.startsWith(which))
    .map((o) => ({ form: o.form, name: o.name, due: o.due }))
    .sort((a, b) => a.due.localeCompare(b.due) || a.name.localeCompare(b.name, 'es'));
  return { month: which, today: day, deadlines };
}
