/** 300 → '5:00', 59 → '0:59'. Rounds up so a lock is never shown shorter than it is; negatives count as 0. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.ceil(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A wait in words, rounded up to the minute past one minute: 45 → '45 segundos', 600 → '10 minutos',
 * 3660 → '1 hora y 1 minuto', 7200 → '2 horas'. For quotas whose wait can be hours.
 */
export function formatWait(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(1, Math.ceil(totalSeconds)) : 1;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (seconds < 60) return plural(seconds, 'segundo', 'segundos');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minuto', 'minutos');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? plural(hours, 'hora', 'horas')
    : `${plural(hours, 'hora', 'horas')} y ${plural(rest, 'minuto', 'minutos')}`;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A month's name as the portal writes it in running text: 9 → 'septiembre' ('' outside 1–12). */
export const monthName = (month: number) => MONTHS[month - 1] ?? '';
