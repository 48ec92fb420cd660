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

/** A day as the portal shows it (DD-MM-YYYY); an ISO date or timestamp from the API, or '' kept as is. */
export function formatDay(value: string | null | undefined): string {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : (value ?? '');
}
