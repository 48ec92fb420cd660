import { slug } from '@shared/slug';
/** Chilean number format (portal §4: numbers in Chilean format): 1.190.000 for pesos, 1.190,50 for dollars. */
export function formatAmount(value: number | null | undefined, moneyType: string): string {
  if (value === null || value === undefined) return ' - ';
  const decimals = moneyType === 'USD' ? 2 : 0;
  return value.toLocaleString('es-CL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

export const periodLabel = (key: string) => {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return `${MONTHS[month - 1]} ${year}`;
};

/** A year-to-date period (the income statement's): 'Enero a Diciembre 2025', or 'Enero 2025' for January. */
export const periodRangeLabel = (key: string) => {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return month === 1 ? `${MONTHS[0]} ${year}` : `${MONTHS[0]} a ${MONTHS[month - 1]} ${year}`;
};

/** A percentage with one decimal, Chilean style ('12,5 %'), or ' - ' when there is none (nothing to compare with). */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return ' - ';
  return `${value.toLocaleString('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

/** A download's name a person recognises: the statement, the company and the period, in Spanish, no accents. */
export function statementFileName(title: string, society: string | undefined, period: string): string {
  return slug([title, society ?? '', period].join(' '));
}
