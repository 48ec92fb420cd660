/** 300 → '5:00', 59 → '0:59'. Rounds up so a lock is never shown shorter than it is; negatives count as 0. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.ceil(totalSeconds)) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
