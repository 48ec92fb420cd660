import type { BodyOf } from '../../shared/contracts/define';
import type { markTaxObligationFiled } from '../../shared/contracts/tax-calendar';
import { obligationsOf, stateOf } from '../../shared/tax-calendar/rules';
import { uploadSmallDocument } from '../documents/documents';
import type { Caller } from '../lib/auth/caller';
import { config } from '../lib/config';
import { auditWrite, diff } from '../lib/data/audit';
import { nowIso } from '../lib/data/table';
import {
  type FilingRecord,
  filingDeleteWrite,
  filingWrite,
  getFiling,
  readSocietyTaxItems,
} from '../lib/data/tax-obligations';
import { transactWrite } from '../lib/data/transact';
import { fieldErrors } from '../lib/errors';
import type { UploadedFile } from '../lib/uploaded-file';
import { filingSociety, rulesOf, settingsOf, today } from './calendar';

/** The year whose calendar holds an obligation's deadline: December's monthly forms are due the next January. */
function dueYearOf(period: string): number {
  const [year, month] = period.split('-').map(Number);
  return month === 12 ? (year as number) + 1 : (year as number);
}

/** The tax-form folder year of a filed form: the month's year for F29 and F50, the tax year for F22. */
const folderYearOf = (period: string) => Number(period.slice(0, 4));

const MONTHLY = new Set(['F29', 'F50']);

/** The society (an admin's in scope) and one obligation of its calendar, named by form and period. */
async function societyObligation(caller: Caller, uuid: string, body: { form: string; period: string }) {
  const society = await filingSociety(caller, uuid);
  const monthly = MONTHLY.has(body.form);
  if (monthly !== body.period.includes('-')) throw fieldErrors({ period: ['FORMAT_ERROR'] });
  const found = await rulesOf(dueYearOf(body.period));
  if (!found) throw fieldErrors({ period: ['FORMAT_ERROR'] });
  const { settings } = await readSocietyTaxItems(society.uuid);
  const id = `${body.form}#${body.period}`;
  const obligation = obligationsOf(found.rules, settingsOf(settings)).find((o) => o.id === id);
  // Only what the society's calendar holds is filed (an F50 it does not have, a sworn statement it does not file).
  if (!obligation) throw fieldErrors({ form: ['FORMAT_ERROR'] });
  return { society, obligation, id };
}

/**
 * An obligation marked filed by mistake goes back to its state by the date; its filed form stays a document of its
 * folder, the firm's to delete there.
 */
export async function withdrawFiling(caller: Caller, uuid: string, body: { form: string; period: string }) {
  const { society, obligation, id } = await societyObligation(caller, uuid, body);
  const before = await getFiling(society.uuid, id);
  if (before) {
    await transactWrite([
      filingDeleteWrite(society.uuid, id),
      auditWrite(
        config.tableName,
        caller,
        'DELETE',
        { type: 'TAX_FILING', uuid: `${society.uuid}-${id}` },
        diff({ ...before }, {}),
      ),
    ]);
  }
  return { ...obligation, state: stateOf(obligation.due, false, today()), filed: null };
}

/**
 * An obligation filed by the firm, with the filed form when given: the document upload itself, with the filing in its
 * transaction (kept apart from calendar.ts so the read endpoints' bundles hold no upload code).
 */
export async function markFiled(
  caller: Caller,
  uuid: string,
  body: BodyOf<typeof markTaxObligationFiled>,
  files: UploadedFile[],
) {
  const { society, obligation, id } = await societyObligation(caller, uuid, body);
  const before = await getFiling(society.uuid, id);
  const file = files.find((f) => f.field === 'file');
  const filing = (document: { uuid: string; file_name: string } | null): FilingRecord => ({
    society_uuid: society.uuid,
    obligation: id,
    form: body.form,
    period: body.period,
    filed_at: nowIso(),
    filed_by: caller.user.uuid,
    document_uuid: document?.uuid ?? null,
    file_name: document?.file_name ?? null,
  });
  const writes = (record: FilingRecord) => [
    filingWrite(record),
    auditWrite(
      config.tableName,
      caller,
      before ? 'UPDATE' : 'CREATE',
      { type: 'TAX_FILING', uuid: `${society.uuid}-${id}` },
      diff({ ...(before ?? {}) }, { ...record }),
    ),
  ];
  let record: FilingRecord;
  let document: { uuid: string; file_name: string } | null = null;
  if (file) {
    // Sworn statements have no tax-form folder to hold their filed form.
    if (body.form !== 'F29' && body.form !== 'F22' && body.form !== 'F50')
      throw fieldErrors({ file: ['FORMAT_ERROR'] });
    // The document upload itself (scope, name, content type, the object's clean-up), with the filing in its
    // transaction; a form filed again beside an earlier one of the same name is kept as 'nombre (2).pdf'.
    let written: FilingRecord | undefined;
    const stored = await uploadSmallDocument(
      caller,
      { society: society.uuid, form: body.form, year: folderYearOf(body.period), on_conflict: 'keep_both' },
      files,
      (d) => {
        written = filing({ uuid: d.uuid, file_name: d.file_name });
        return writes(written);
      },
    );
    record = written as FilingRecord;
    document = { uuid: stored.uuid, file_name: stored.file_name };
  } else {
    record = filing(null);
    await transactWrite(writes(record));
  }
  return {
    ...obligation,
    state: stateOf(obligation.due, true, today()),
    filed: { at: record.filed_at, document },
  };
}
