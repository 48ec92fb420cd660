import { es } from '@shared/i18n/es';

const t = es.conversations;
const DATE_TIME = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short' });

/** A message's or thread's time as a Chilean reader writes it. */
export const formatWhen = (iso: string) => DATE_TIME.format(new Date(iso));

/** 'Tú', or the author's name and side. */
export function authorLabel(
  author: { uuid: string; first_name: string; last_name: string },
  side: 'FIRM' | 'CLIENT',
  me: string | undefined,
) {
  if (author.uuid === me) return t.you;
  return `${author.first_name} ${author.last_name} · ${side === 'FIRM' ? t.firmSide : t.clientSide}`.trim();
}

const NUMBER = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });

/** A file's size as a person reads it: '820 B', '12,5 KB', '3,2 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${NUMBER.format(bytes / 1024)} KB`;
  return `${NUMBER.format(bytes / (1024 * 1024))} MB`;
}
