/** ISO 8601 week number (1–53) of a date: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(date: Date): number {
  const day = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

export const HERO_IMAGE_COUNT = 5;

/** Which of the five hero images shows this week (portal spec §9: five hero images by week number): 0–4. */
export const heroIndexFor = (date: Date) => isoWeek(date) % HERO_IMAGE_COUNT;
