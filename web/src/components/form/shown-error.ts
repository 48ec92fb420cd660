/** The message under a field: its first error, once the person has changed it (or, with `leave`, left it). */
export function shownError(
  meta: { isTouched: boolean; isBlurred?: boolean; errors: ReadonlyArray<unknown> },
  after: 'change' | 'leave' = 'change',
): string | undefined {
  if (!(after === 'leave' ? meta.isBlurred : meta.isTouched)) return undefined;
  for (const error of meta.errors) {
    const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
