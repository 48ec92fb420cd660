import type { TicketStatus } from '@shared/contracts/external';
import { es } from '@shared/i18n/es';

/** 27-11-2026 07:05: the portal's DD-MM-YYYY with the time, in Chile's zone as the browser shows it. */
export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** A status as its reader understands it: the client waits for the firm, the firm for the client. */
export const statusLabel = (status: TicketStatus, reader: 'client' | 'firm') => es.support.statusFor[reader][status];

export const statusVariation = (status: TicketStatus) =>
  status === 'OPEN' ? 'info' : status === 'ANSWERED' ? 'warning' : 'success';
