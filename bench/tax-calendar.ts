import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { startPortal } from '../local/portal';
import { countDynamoCalls, demoToken, putEntries, putItems } from './harness';
import { median } from './stats';

export const title =
  "Calendario tributario at size: the home's 'Vence este mes' and a society's calendar, in the demo firm and once it " +
  'holds 1,000 more societies with their settings and filings: DynamoDB calls and latency of each';

const SOCIETIES = Number(process.env.BENCH_FIRM_SOCIETIES ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/**
 * The calendar's reads cost the same whatever the firm's size (functions/tax-calendar/calendar.ts): the home's month
 * is the year's rules (one Get) and a society's calendar is the society, the rules and its own partition (one Query).
 * Starts the API with the demo data and times over HTTP, as the client (sociedad@demo.cl) and as the firm's project
 * admin, GET month/ and Minera Atacama's calendar of this year (its F29s filed); then loads SOCIETIES societies into
 * the same firm (items and listing entries by the data layer's own builders), each with its settings and twelve
 * filings, and times the same requests again. The caller's own Get is in the calls.
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { societyItem, societyListingWrites } = await import('../functions/lib/data/societies');
    const { filingWrite, settingsWrite } = await import('../functions/lib/data/tax-obligations');
    const { rutCheckDigit } = await import('../shared/rut');
    const table = portal.env.TABLE_NAME as string;
    const dynamoCalls = countDynamoCalls(dynamo);
    // Which operations a request sends (printed for the last run of each, at the larger size).
    let operations: string[] = [];
    dynamo.onSend((operation) => {
      operations.push(operation);
    });
    const client = await demoToken(portal.apiUrl, 'sociedad@demo.cl');
    const admin = await demoToken(portal.apiUrl, 'proyecto@demo.cl');
    const { minera } = portal.demo.societies;
    const year = new Date().getFullYear();
    const now = new Date().toISOString();

    /** A society's tax items as the data layer writes them: its settings and a filing of each month's F29. */
    const taxItems = (society: string) =>
      [
        settingsWrite({ society_uuid: society, f29_online: true, f50: true, declarations: ['1887'], updated: now }),
        ...Array.from({ length: 12 }, (_, m) => {
          const period = `${m === 0 ? year - 1 : year}-${String(m === 0 ? 12 : m).padStart(2, '0')}`;
          return filingWrite({
            society_uuid: society,
            obligation: `F29#${period}`,
            form: 'F29',
            period,
            filed_at: now,
            filed_by: 'bench',
            document_uuid: null,
            file_name: null,
          });
        }),
      ].map((w) => (w.write.Put as { Item: Record<string, unknown> }).Item);
    await putItems(dynamo, table, taxItems(minera));

    const rows: Array<{ label: string; calls: number[]; ms: number[]; operations: string }> = [];
    const measure = async (label: string, path: string, token: string) => {
      const warm = await get(portal.apiUrl, path, token);
      if (!warm.ok) throw new Error(`${path} answered ${warm.status}`);
      await warm.json();
      const times: number[] = [];
      const perCall: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const before = dynamoCalls();
        operations = [];
        const t = performance.now();
        const response = await get(portal.apiUrl, path, token);
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.json();
        times.push(performance.now() - t);
        perCall.push(dynamoCalls() - before);
      }
      const row =
        rows.find((r) => r.label === label) ?? rows[rows.push({ label, calls: [], ms: [], operations: '' }) - 1];
      if (!row) return;
      row.calls.push(median(perCall));
      row.ms.push(median(times));
      const counts = new Map<string, number>();
      for (const op of operations) counts.set(op, (counts.get(op) ?? 0) + 1);
      row.operations = [...counts].map(([op, n]) => `${op} ×${n}`).join(', ');
    };
    const REQUESTS: Array<[string, string, string]> = [
      ["GET month/ ('Vence este mes', the client's home)", 'api/v1/tax-calendar/month/', client],
      ["GET a society's calendar (the client)", `api/v1/tax-calendar/society/${minera}/?year=${year}`, client],
      ["GET a society's calendar (the project admin)", `api/v1/tax-calendar/society/${minera}/?year=${year}`, admin],
    ];
    const measureAll = async () => {
      const [load] = loadavg();
      console.log(`load average ${load?.toFixed(1)} on ${cpus().length} cores while measuring`);
      for (const [label, path, token] of REQUESTS) await measure(label, path, token);
    };

    await measureAll();

    const started = performance.now();
    const societies = Array.from({ length: SOCIETIES }, (_, i) => {
      const body = 60_000_000 + i;
      return {
        uuid: randomUUID(),
        society_business_name: `Sociedad Calendario ${String(i).padStart(5, '0')} SpA`,
        society_rut: `${body}-${rutCheckDigit(String(body))}`,
        business_line: 'Servicios',
        company_code: `T${i}`,
        industry_uuid: portal.demo.industries[0] as string,
        society_email: 'bench@example.cl',
        currency: 'CLP' as const,
        group_uuid: portal.demo.groups.norte,
        project_uuid: portal.demo.projects.andes,
        user: [],
        society_contact_name: 'Bench',
        society_phone_number: '+56900000000',
        society_address: null,
        society_contact_email: null,
        tax_module: 'True' as const,
        enable: true,
        created: now,
        updated: now,
        version: 1,
      };
    });
    await putItems(dynamo, table, [...societies.map(societyItem), ...societies.flatMap((s) => taxItems(s.uuid))]);
    await putEntries(
      dynamo,
      societies.flatMap((s) => societyListingWrites(undefined, s)),
    );
    console.log(
      `\nLoaded ${SOCIETIES} societies into the demo firm, each with its settings and 12 filings, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    await measureAll();

    const sizes = ['demo firm', `+${SOCIETIES} societies`];
    console.log(
      `\n${'request'.padEnd(52)} ${sizes.map((s) => `${s} calls`.padStart(22)).join('')} ${sizes.map((s) => `${s} ms`.padStart(22)).join('')}`,
    );
    console.log('-'.repeat(52 + 1 + 22 * 4));
    for (const { label, calls, ms } of rows) {
      console.log(
        `${label.padEnd(52)} ${calls.map((c) => String(c).padStart(22)).join('')} ${ms.map((m) => m.toFixed(1).padStart(22)).join('')}`,
      );
    }
    console.log('\nOperations of each request (its last run, at the larger size):');
    for (const { label, operations: ops } of rows) console.log(`  ${label}: ${ops}`);
    const grew = rows.filter((r) => (r.calls[1] ?? 0) > (r.calls[0] ?? 0));
    if (grew.length > 0) throw new Error(`DynamoDB calls grew with the firm: ${grew.map((r) => r.label).join(', ')}`);
  } finally {
    await portal.stop();
  }
}

const get = (apiUrl: string, path: string, token: string) =>
  fetch(`${apiUrl}/${path}`, { headers: { authorization: `Bearer ${token}` } });
