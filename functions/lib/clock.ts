/**
 * The server's one clock. Everything that compares times (token and link expiry, throttles, session limits) reads it,
 * so unit tests can move time forward instead of sleeping. Only tests call `setClockOffset`.
 */
let offsetMs = 0;

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function setClockOffset(ms: number): void {
  offsetMs = ms;
}
