/**
 * Business days (Monday to Friday) after `latestDay` up to and including `today`, both `YYYY-MM-DD`: how many days the
 * Banco Central would have published a dólar observado that the portal does not have. 0 when the latest value is
 * today's or the days since were a weekend. Chilean holidays count as business days here: two holidays in a row can
 * page once (docs/operations.md#indicatorsstale says so).
 */
export function businessDaysSince(latestDay: string, today: string): number {
  const day = Date.parse(`${latestDay}T00:00:00Z`);
  const end = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(day) || Number.isNaN(end)) throw new Error(`not a day: ${latestDay} / ${today}`);
  let count = 0;
  for (let t = day + DAY_MS; t <= end; t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

const DAY_MS = 86_400_000;
