/**
 * The id the SPA gives each API call and the API puts on every log line of it: a firm's support call quotes the
 * 'código de referencia' of the error it saw, and the on-call finds the request's lines by it.
 */
export const CORRELATION_HEADER = 'x-correlation-id';

/** What the API accepts as an id from the client; anything else is replaced by the request's own id. */
export const CORRELATION_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Twelve hex digits: short enough to read out on the phone, and unique within any window the logs are searched in. */
export function newCorrelationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
