import { accountingImport } from '../../../shared/i18n/es/accounting';
import { parseFlag } from './fields';
import type { TableRow } from './read-table';
import { ACCOUNT_CLASSES, type AccountClass, type ChartAccount, NIVEL2_BALANCE } from './types';

/** plan_cuentas columns (design/accounting.md); the starred ones are required in the header. */
export const CHART_COLUMNS = [
  'cod_cta',
  'nom_cta',
  'clase',
  'nivel1',
  'nivel2',
  'parent1',
  'es_efectivo',
  'flujo',
  'imputable',
] as const;
export const CHART_REQUIRED = ['cod_cta', 'nom_cta', 'clase', 'nivel2'];

export interface RowReport {
  row: number;
  status: 'OK' | 'FAILED';
  errors: string[];
}

const t = accountingImport.rowErrors;
const BALANCE_CLASSES: AccountClass[] = ['ACTIVO', 'PASIVO', 'PATRIMONIO'];

/** Checks every row of a chart; the accounts are returned only when no row failed (all or nothing). */
export function validateChart(rows: TableRow[]): { accounts: ChartAccount[]; report: RowReport[] } {
  const seen = new Set<string>();
  const accounts: ChartAccount[] = [];
  const report = rows.map(({ row, values }): RowReport => {
    const errors: string[] = [];
    const get = (column: string, max = 200) => {
      const value = values[column] ?? '';
      if (value.length > max) errors.push(t.tooLong(column));
      return value;
    };
    const cod = get('cod_cta', 40);
    const name = get('nom_cta');
    for (const column of ['cod_cta', 'nom_cta', 'clase']) if (!values[column]) errors.push(t.missing(column));
    const clase = get('clase').toUpperCase() as AccountClass;
    if (values.clase && !ACCOUNT_CLASSES.includes(clase)) errors.push(t.badClass);
    const nivel2 = get('nivel2').toUpperCase();
    if (BALANCE_CLASSES.includes(clase) && !(NIVEL2_BALANCE as readonly string[]).includes(nivel2)) {
      errors.push(t.badNivel2);
    }
    const esEfectivo = parseFlag(get('es_efectivo'), false);
    if (esEfectivo === undefined) errors.push(t.badFlag('es_efectivo'));
    const imputable = parseFlag(get('imputable'), true);
    if (imputable === undefined) errors.push(t.badFlag('imputable'));
    // '#' separates the parts of the keys the lines are stored under (accounting-ledger.ts).
    if (cod.includes('#')) errors.push(t.badCode);
    if (cod && seen.has(cod)) errors.push(t.duplicateAccount(cod));
    seen.add(cod);
    if (errors.length === 0) {
      accounts.push({
        cod_cta: cod,
        nom_cta: name,
        clase,
        nivel1: get('nivel1') || clase,
        nivel2: nivel2 || (clase === 'INGRESO' ? 'INGRESOS' : 'GASTOS'),
        parent1: get('parent1') || name,
        es_efectivo: esEfectivo ?? false,
        flujo: get('flujo'),
        imputable: imputable ?? true,
      });
    }
    return { row, status: errors.length ? 'FAILED' : 'OK', errors };
  });
  return { accounts: report.some((r) => r.status === 'FAILED') ? [] : accounts, report };
}
