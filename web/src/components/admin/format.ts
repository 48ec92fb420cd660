import { SHORT_ID_LENGTH } from './constants';

const DATE = new Intl.DateTimeFormat('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** An ISO date-time as the admin lists show it: dd-mm-aaaa (Chilean format); '-' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : DATE.format(date);
}

const DATE_TIME = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant with its time, Chilean format ('23-11-2026, 07:20'); `empty` when missing or invalid. */
export function formatDateTime(iso: string | null | undefined, empty = '-'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? empty : DATE_TIME.format(date);
}

/** An ID as shown on detail pages: the first 10 characters and an ellipsis (admin-area §9). */
export function shortId(id: string): string {
  return id.length > SHORT_ID_LENGTH ? `${id.slice(0, SHORT_ID_LENGTH)}…` : id;
}

/** A person as pickers and details list them: 'Nombre Apellido (correo)'. */
export function personLabel(person: { first_name: string; last_name: string; email: string }): string {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name ? `${name} (${person.email})` : person.email;
}
