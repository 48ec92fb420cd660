import { compareCodes } from './fields';
import type { ChartAccount, Movement } from './types';

/**
 * The four statements from cumulative per-account movements (design/accounting.md). Every amount here is an integer
 * in the statement's unit (pesos, or cents of a dollar); the API divides at the edge. Built from (D, C) per account
 * only, so the invariants I1–I8 hold by construction and the property tests prove it.
 */
export type Movements = Map<string, Movement>;

export interface Eight {
  debitos: number;
  creditos: number;
  deudor: number;
  acreedor: number;
  activo: number;
  pasivo: number;
  perdida: number;
  ganancia: number;
}
export interface BalanceRow extends Eight {
  cod_cta: string;
  nom_cta: string;
  parent1: string;
}

const zeroEight = (): Eight => ({
  debitos: 0,
  creditos: 0,
  deudor: 0,
  acreedor: 0,
  activo: 0,
  pasivo: 0,
  perdida: 0,
  ganancia: 0,
});
const EIGHT_KEYS = Object.keys(zeroEight()) as Array<keyof Eight>;

const isResultClass = (account: ChartAccount | undefined) => account?.clase === 'INGRESO' || account?.clase === 'GASTO';

/** Accounts with movement, in code order. */
function sortedCodes(movements: Movements): string[] {
  return [...movements.entries()]
    .filter(([, [d, c]]) => d !== 0 || c !== 0)
    .map(([code]) => code)
    .sort(compareCodes);
}

/**
 * Balance de 8 columnas: per account D, C, deudor = max(S, 0), acreedor = max(−S, 0); the class picks the pair
 * (balance accounts activo/pasivo, result accounts pérdida/ganancia). Footer: Sumas; Resultado del ejercicio U under
 * pérdida and pasivo when U ≥ 0, else |U| under ganancia and activo; Sumas iguales.
 */
export function balance8(chart: Map<string, ChartAccount>, movements: Movements) {
  const rows: BalanceRow[] = sortedCodes(movements).map((code) => {
    const [debitos, creditos] = movements.get(code) as Movement;
    const account = chart.get(code);
    const s = debitos - creditos;
    const deudor = Math.max(s, 0);
    const acreedor = Math.max(-s, 0);
    const result = isResultClass(account);
    return {
      cod_cta: code,
      nom_cta: account?.nom_cta ?? code,
      parent1: account?.parent1 ?? '',
      debitos,
      creditos,
      deudor,
      acreedor,
      activo: result ? 0 : deudor,
      pasivo: result ? 0 : acreedor,
      perdida: result ? deudor : 0,
      ganancia: result ? acreedor : 0,
    };
  });
  const cumulative_total = zeroEight();
  for (const row of rows) for (const key of EIGHT_KEYS) cumulative_total[key] += row[key];
  const u = cumulative_total.ganancia - cumulative_total.perdida;
  const result_excersice = zeroEight();
  if (u >= 0) {
    result_excersice.perdida = u;
    result_excersice.pasivo = u;
  } else {
    result_excersice.ganancia = -u;
    result_excersice.activo = -u;
  }
  const equal_sums = zeroEight();
  for (const key of EIGHT_KEYS) equal_sums[key] = cumulative_total[key] + result_excersice[key];
  return { rows, footer: { cumulative_total, result_excersice, equal_sums }, result: u };
}

/** U = Σ(C − D) over result accounts: the year's profit (negative: loss). */
export function resultOf(chart: Map<string, ChartAccount>, movements: Movements): number {
  let u = 0;
  for (const [code, [d, c]] of movements) if (isResultClass(chart.get(code))) u += c - d;
  return u;
}

export interface StatementRow {
  /** Position in its list, or 'total' (a subtotal or grand total), or 'result' (the year's result line). */
  index: number | 'total' | 'result';
  nivel1: string;
  nivel2: string;
  parent1: string;
  cod_cta: string;
  nom_cta: string;
  imp_mov_mn_sg: number;
  imp_mov_mn_sg_compare: number | null;
  bold: boolean;
}

/** Value of an account on one side of a statement (signed S, or −S), per period. */
type SideValue = (code: string, movements: Movements) => number;
const debitBalance: SideValue = (code, m) => {
  const [d, c] = m.get(code) ?? [0, 0];
  return d - c;
};
const creditBalance: SideValue = (code, m) => {
  const [d, c] = m.get(code) ?? [0, 0];
  return c - d;
};

/** Groups accounts by nivel2 in the order given, one subtotal row (index 'total') after each group. */
function groupedRows(
  chart: Map<string, ChartAccount>,
  codes: string[],
  groups: readonly string[],
  value: SideValue,
  current: Movements,
  compare: Movements | undefined,
  totalLabel: (group: string) => string,
): { rows: StatementRow[]; total: [number, number] } {
  const rows: StatementRow[] = [];
  let index = 0;
  const grand: [number, number] = [0, 0];
  for (const group of groups) {
    const members = codes.filter((code) => chart.get(code)?.nivel2 === group);
    if (members.length === 0) continue;
    const subtotal: [number, number] = [0, 0];
    for (const code of members) {
      const account = chart.get(code) as ChartAccount;
      const amount = value(code, current);
      const compared = compare ? value(code, compare) : null;
      subtotal[0] += amount;
      subtotal[1] += compared ?? 0;
      rows.push({
        index: index++,
        nivel1: account.nivel1,
        nivel2: group,
        parent1: account.parent1,
        cod_cta: code,
        nom_cta: account.nom_cta,
        imp_mov_mn_sg: amount,
        imp_mov_mn_sg_compare: compared,
        bold: false,
      });
    }
    rows.push(totalRow(group, totalLabel(group), subtotal, compare !== undefined, 'total'));
    grand[0] += subtotal[0];
    grand[1] += subtotal[1];
  }
  return { rows, total: grand };
}

function totalRow(
  nivel2: string,
  label: string,
  [amount, compared]: [number, number],
  comparing: boolean,
  index: 'total' | 'result',
): StatementRow {
  return {
    index,
    nivel1: '',
    nivel2,
    parent1: '',
    cod_cta: '',
    nom_cta: label,
    imp_mov_mn_sg: amount,
    imp_mov_mn_sg_compare: comparing ? compared : null,
    bold: true,
  };
}

/** Codes with movement in either period. */
const codesOf = (current: Movements, compare?: Movements) =>
  [...new Set([...sortedCodes(current), ...(compare ? sortedCodes(compare) : [])])].sort(compareCodes);

export interface StatementLabels {
  totalOf: (heading: string) => string;
  totalAssets: string;
  totalPassiveAndHeritage: string;
  resultOfYear: string;
}

/**
 * Estado de situación financiera (I7): assets = signed S of the accounts under ACTIVOS headings; liabilities and
 * equity = −S under the PASIVOS and PATRIMONIO headings, then the year's result U, then the grand total. Contra
 * accounts (accumulated depreciation) net inside their heading.
 */
export function financialSituation(
  chart: Map<string, ChartAccount>,
  current: Movements,
  compare: Movements | undefined,
  labels: StatementLabels,
) {
  const codes = codesOf(current, compare).filter((code) => !isResultClass(chart.get(code)));
  const assets = groupedRows(
    chart,
    codes,
    ['ACTIVOS CORRIENTES', 'ACTIVOS NO CORRIENTES'],
    debitBalance,
    current,
    compare,
    labels.totalOf,
  );
  const liabilities = groupedRows(
    chart,
    codes,
    ['PASIVOS CORRIENTES', 'PASIVOS NO CORRIENTES', 'PATRIMONIO'],
    creditBalance,
    current,
    compare,
    labels.totalOf,
  );
  const comparing = compare !== undefined;
  const result: [number, number] = [resultOf(chart, current), compare ? resultOf(chart, compare) : 0];
  return {
    assets: [...assets.rows, totalRow('TOTAL', labels.totalAssets, assets.total, comparing, 'total')],
    passive_and_heritage: [
      ...liabilities.rows,
      totalRow('PATRIMONIO', labels.resultOfYear, result, comparing, 'result'),
      totalRow(
        'TOTAL',
        labels.totalPassiveAndHeritage,
        [liabilities.total[0] + result[0], liabilities.total[1] + result[1]],
        comparing,
        'total',
      ),
    ],
  };
}

/**
 * Estado de resultados (I6): result accounts by their nivel2 group in code order, C − D each (income positive), a
 * bold subtotal closing each group, and the year's result as the last row.
 */
export function statusResults(
  chart: Map<string, ChartAccount>,
  current: Movements,
  compare: Movements | undefined,
  labels: StatementLabels,
) {
  const codes = codesOf(current, compare).filter((code) => isResultClass(chart.get(code)));
  const groups = [...new Set(codes.map((code) => (chart.get(code) as ChartAccount).nivel2))];
  const { rows, total } = groupedRows(chart, codes, groups, creditBalance, current, compare, labels.totalOf);
  return [...rows, totalRow('RESULTADO', labels.resultOfYear, total, compare !== undefined, 'result')];
}
