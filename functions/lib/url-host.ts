/**
 * The host of a portal URL (`https://Clientes.Firma.cl/` → `clientes.firma.cl`), or null when there is none: what a
 * firm's edge tenant, its mail identity and its mail links are keyed by.
 */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
