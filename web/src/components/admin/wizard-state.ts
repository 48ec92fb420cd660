/** A wizard's step index kept in range 0..count-1 (admin-area §4: "index clamped to the range"). */
export function clampStep(index: number, count: number): number {
  if (count <= 0) return 0;
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), count - 1);
}
