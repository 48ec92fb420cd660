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
