import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';

/**
 * List state in the URL hash, in the spec's format (admin-area §2): `#page?key=value&key=value`, or for screens with
 * two paginated lists `#page%page?...` (users: `#userPage%invitationPage?search=&project=...`). Every key of the list
 * is always written, empty or not, in the order given, so the hash reads like the spec's defaults
 * ('#1?search=&project=&ordering='). Values are URL-encoded; pages are positive integers (anything else reads 1).
 */
export interface ListHashState<K extends string> {
  /** One page number per paginated list, 1-based. */
  pages: number[];
  values: Record<K, string>;
  /**
   * Rows per page when not the default ("keep the page size in the URL, it is lost on reload"): written
   * last as `&size=15`, and only then, so the spec's default hashes read as they always did.
   */
  size?: number;
}

const SIZE_KEY = 'size';

function parsePage(text: string | undefined): number {
  if (!text || !/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Reads a hash ('#2?search=abc&project=' or '2?...'); unknown keys are ignored, missing keys read ''. */
export function parseListHash<K extends string>(hash: string, keys: readonly K[], pageCount = 1): ListHashState<K> {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const mark = text.indexOf('?');
  const pagePart = mark === -1 ? text : text.slice(0, mark);
  const queryPart = mark === -1 ? '' : text.slice(mark + 1);
  const pageTexts = pagePart.split('%');
  const pages = Array.from({ length: pageCount }, (_, i) => parsePage(pageTexts[i]));
  const values = Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>;
  let size: number | undefined;
  for (const pair of queryPart.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = decode(eq === -1 ? '' : pair.slice(eq + 1));
    if ((keys as readonly string[]).includes(name)) values[name as K] = value;
    else if (name === SIZE_KEY && (PAGE_SIZES as readonly number[]).includes(Number(value))) size = Number(value);
  }
  return size && size !== DEFAULT_PAGE_SIZE ? { pages, values, size } : { pages, values };
}

/** Writes the state as a hash: `#1?search=&project=abc`. */
export function formatListHash<K extends string>(state: ListHashState<K>, keys: readonly K[]): string {
  const pages = state.pages.map((page) => String(parsePage(String(page)))).join('%');
  const query = keys.map((key) => `${key}=${encodeURIComponent(state.values[key] ?? '')}`).join('&');
  const size = state.size && state.size !== DEFAULT_PAGE_SIZE ? `&${SIZE_KEY}=${state.size}` : '';
  return `#${pages}?${query}${size}`;
}

/** A new state with `changes` applied, the keys in `clear` emptied, and every page back to 1 (filters reset pages). */
export function withFilters<K extends string>(
  state: ListHashState<K>,
  changes: Partial<Record<NoInfer<K>, string>>,
  clear: readonly NoInfer<K>[] = [],
): ListHashState<K> {
  const values = { ...state.values };
  for (const key of clear) values[key] = '';
  for (const [key, value] of Object.entries(changes) as Array<[K, string | undefined]>) values[key] = value ?? '';
  return { ...state, pages: state.pages.map(() => 1), values };
}

/** A new state with page `index` set to `page`. */
export function withPage<K extends string>(state: ListHashState<K>, page: number, index = 0): ListHashState<K> {
  return { ...state, pages: state.pages.map((current, i) => (i === index ? Math.max(1, Math.floor(page)) : current)) };
}
