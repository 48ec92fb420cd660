/** A day as the portal shows it, DD-MM-YYYY, from an ISO date or timestamp; anything else is returned as it came. */
export function formatDay(value: string | null | undefined): string {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : (value ?? '');
}
