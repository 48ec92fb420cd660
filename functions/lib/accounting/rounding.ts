/**
 * Largest-remainder rounding (design/accounting.md, USD and cash flow): integers that add up exactly to a target,
 * each within 1 of its exact value. Ties go to the earlier index, so results are reproducible.
 */
export function roundToTarget(exact: number[], target: number): number[] {
  const result = exact.map((x) => Math.floor(x));
  let missing = target - result.reduce((sum, x) => sum + x, 0);
  const byFraction = exact.map((x, i) => ({ i, fraction: x - Math.floor(x) })).sort((a, b) => b.fraction - a.fraction);
  // missing is normally 0..n; a target taken from another rounding may ask one unit more or less than that.
  for (let k = 0; missing !== 0 && byFraction.length > 0; k++) {
    const { i } =
      missing > 0
        ? (byFraction[k % byFraction.length] as { i: number })
        : (byFraction[byFraction.length - 1 - (k % byFraction.length)] as { i: number });
    result[i] = (result[i] as number) + Math.sign(missing);
    missing -= Math.sign(missing);
  }
  // Adding 0 turns a -0 (Math.floor(-0.2) + 1) into 0, which JSON and comparisons would otherwise trip over.
  return result.map((x) => x + 0);
}

export const roundPreservingSum = (exact: number[]) =>
  roundToTarget(exact, Math.round(exact.reduce((sum, x) => sum + x, 0)));

/** Splits an integer total over weights in proportion (weights ≥ 0, not all zero). */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const sign = total < 0 ? -1 : 1;
  const shares = roundPreservingSum(weights.map((w) => (Math.abs(total) * w) / sum));
  return shares.map((share) => sign * share);
}
