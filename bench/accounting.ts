import type { Caller } from '../functions/lib/auth/caller';
import { startPortal } from '../local/portal';
import { countDynamoCalls, superAdminToken } from './harness';
import { median } from './stats';

export const title =
  'accounting: import of a generated ledger of ~1M lines; 8-column balance, financial situation and one account-month drill-down';

const SALES_PER_MONTH = Number(process.env.BENCH_SALES_PER_MONTH ?? 14_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const YEAR = 2015;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Starts the API on free ports with in-memory services (the demo seeded), generates one year of balanced vouchers on
 * the demo chart (design/accounting.md: ~7,000 sales a month give ~0.5M lines; 14,000 about 1M), and times the
 * import's own steps (validation of every row, aggregation, writing lines and aggregates, the pointer flip) in
 * process, since a file that size travels by S3, not in one request. Then times the statements over HTTP as the
 * SUPER_ADMIN, counting the DynamoDB calls each makes (the caller's own reads included).
 */
export async function run(): Promise<void> {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  const portal = await startPortal({ mode: 'test', web: false });
  try {
    const { dynamo } = await import('../functions/lib/aws/dynamo');
    const { generateDemoLedger, DEMO_CHART } = await import('../local/seed-accounting');
    const { validateLedger } = await import('../functions/lib/accounting/ledger');
    const { aggregateLedger } = await import('../functions/lib/accounting/aggregate');
    const { chartMap } = await import('../functions/lib/accounting/pipeline');
    const { replaceSlices } = await import('../functions/lib/data/accounting-ledger');
    const society = portal.demo.societies.pesquera;
    const dynamoCalls = countDynamoCalls(dynamo);

    const lines = generateDemoLedger({ seed: 7, years: [YEAR], salesPerMonth: SALES_PER_MONTH });
    console.log(`generated ${lines.length.toLocaleString('es-CL')} lines for ${YEAR}`);
    const chart = chartMap(DEMO_CHART);
    // The rows as the file reader hands them (text), so validation does its real work: amounts, dates, accounts, RUT.
    const rut = '96456789-3';
    const rows = lines.map((l, i) => ({
      row: i + 2,
      values: {
        rut_sociedad: rut,
        base: l.base,
        fecha: l.fecha,
        tipo_comp: l.tipo_comp,
        nro_comp: l.nro_comp,
        linea: String(l.linea),
        cod_cta: l.cod_cta,
        debe: String(l.debe),
        haber: String(l.haber),
        glosa: l.glosa,
        fec_doc: l.fec_doc,
      },
    }));
    let started = performance.now();
    const validated = validateLedger(rows, chart, rut);
    const validateMs = performance.now() - started;
    if (validated.lines.length !== lines.length) throw new Error('the generated ledger failed validation');
    started = performance.now();
    const slices = aggregateLedger(validated.lines, chart);
    const aggregateMs = performance.now() - started;
    const callsBeforeWrite = dynamoCalls();
    started = performance.now();
    const items = await replaceSlices(society, slices);
    const writeMs = performance.now() - started;
    console.log(
      `import: validate ${seconds(validateMs)}, aggregate ${seconds(aggregateMs)}, write ${items.toLocaleString('es-CL')} items ` +
        `in ${seconds(writeMs)} (${dynamoCalls() - callsBeforeWrite} DynamoDB calls); total ${seconds(validateMs + aggregateMs + writeMs)}`,
    );

    const access = await superAdminToken(portal.apiUrl);
    const time = async (label: string, path: string) => {
      const latencies: number[] = [];
      let perRequest = 0;
      for (let i = 0; i < RUNS; i++) {
        const before = dynamoCalls();
        const t0 = performance.now();
        const response = await fetch(`${portal.apiUrl}/${path}`, { headers: { authorization: `Bearer ${access}` } });
        const body = await response.text();
        latencies.push(performance.now() - t0);
        perRequest = dynamoCalls() - before;
        if (response.status !== 200) throw new Error(`${label}: ${response.status} ${body.slice(0, 200)}`);
      }
      console.log(`${label}: median ${median(latencies).toFixed(0)} ms over ${RUNS}, ${perRequest} DynamoDB calls`);
    };
    // Statements open through an accounting assignment: one per statement, aimed at this society.
    const { createModule } = await import('../functions/modules/modules');
    const { createAccountingAssignment } = await import('../functions/modules/accounting-assignments');
    const system = { user: { uuid: 'bench', email: 'bench@portal.local' }, role: 'SUPER_ADMIN' } as unknown as Caller;
    const module = await createModule(system, { module_name: `Bench ${Date.now()}`, module_type: 'ACCOUNTING' });
    const assignment = async (accounting_type: 'BALANCE_8_COLUMNS' | 'FINANCIAL_SITUATION') =>
      (
        await createAccountingAssignment(system, {
          accounting_type,
          menu_name: accounting_type,
          description: 'bench',
          enable_project_admin: true,
          enable_group_admin: true,
          enable_user_group: true,
          enable_user_society: true,
          society_list: [society],
          module: module.uuid,
        })
      ).uuid;
    const [balance, situation] = [await assignment('BALANCE_8_COLUMNS'), await assignment('FINANCIAL_SITUATION')];
    const q = `society=${society}&rule=IFRS&money_type=LOCAL`;
    await time(
      'balance8columns December',
      `api/v1/accounting/balance8columns/report/?${q}&assignment=${balance}&year=${YEAR}&month=12`,
    );
    await time(
      'financial-situation December',
      `api/v1/accounting/financial-situation/report/?${q}&assignment=${situation}&start_period=${YEAR}-12`,
    );
    await time(
      'drill-down 1.1.10 Clientes, January (one account-month)',
      `api/v1/accounting/balance8columns/detail/?${q}&assignment=${balance}&period=${YEAR}-01&cod_cta=1.1.10`,
    );
  } finally {
    await portal.stop();
  }
}
