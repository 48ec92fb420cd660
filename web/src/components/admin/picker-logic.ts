/**
 * The pure part of the searchable pickers ("Pickers find anything"): where the next page starts, which
 * selected values still need their names, the rows to show (selected ones pinned on top), and an in-memory source for
 * the few lists whose endpoint answers every row at once (the caller's projects and groups).
 */

export interface SelectionOption {
  value: string;
  label: string;
}

/** What a picker asks its source: a page of a search, or (uuids) the named selected items. */
export interface PickerRequest {
  search?: string;
  limit: number;
  offset: number;
  uuids?: string[];
}

export interface PickerPage {
  count: number;
  results: SelectionOption[];
}

/**
 * Where a picker reads its options. `key` identifies the source in the query cache (the operation and its fixed
 * filters); `fetchPage` answers one request. `enabled` false (a parent not chosen yet) loads nothing.
 */
export interface PickerSource {
  key: readonly unknown[];
  fetchPage: (request: PickerRequest, signal?: AbortSignal) => Promise<PickerPage>;
  enabled?: boolean;
}

/** Rows a picker asks for at a time ('Mostrar más' asks for the next as many). */
export const PICKER_PAGE_SIZE = 50;
/** The API names at most this many uuids in one request (contracts: uuidList). */
export const PICKER_UUIDS_PER_REQUEST = 500;

/**
 * The offset of the next page, or undefined when every row is loaded. A page may stop early (the API's 5 MB budget),
 * so the next offset is what was received, not pages × limit; an empty page ends the list (nothing more will come).
 */
export function nextPageOffset(pages: readonly PickerPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.results.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
  return loaded < last.count ? loaded : undefined;
}

/** Selected values whose names are not known yet (sorted, so the request does not change with the order of clicks). */
export function unnamedValues(selected: readonly string[], known: ReadonlyMap<string, string>): string[] {
  return [...new Set(selected.filter((value) => !known.has(value)))].sort();
}

/** Splits values into requests of at most `size` uuids. */
export function chunks<T>(values: readonly T[], size = PICKER_UUIDS_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

/**
 * The rows of a multiple picker: every selected value first (pinned, whether or not the search matches it; a name
 * not known yet shows as '…'), then the search's results that are not selected, in the server's order.
 */
export function pickerRows(
  selected: readonly string[],
  results: readonly SelectionOption[],
  known: ReadonlyMap<string, string>,
): { pinned: SelectionOption[]; others: SelectionOption[] } {
  const chosen = new Set(selected);
  const pinned = [...chosen].map((value) => ({ value, label: known.get(value) ?? '…' }));
  const seen = new Set<string>();
  const others = results.filter((option) => {
    if (chosen.has(option.value) || seen.has(option.value)) return false;
    seen.add(option.value);
    return true;
  });
  return { pinned, others };
}

/** Lower case without accents: 'Ñuñoa' matches 'nunoa', as the server's search does. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A source over options already in memory (an endpoint that answers every row, such as the caller's groups): the
 * same search and pages as the server's, so the picker behaves the same.
 */
export function localPickerSource(
  key: readonly unknown[],
  options: readonly SelectionOption[] | undefined,
  enabled = true,
): PickerSource {
  return {
    key: [...key, options ?? null],
    enabled: enabled && options !== undefined,
    fetchPage: async ({ search, limit, offset, uuids }) => {
      const all = options ?? [];
      if (uuids) {
        const wanted = new Set(uuids);
        const named = all.filter((option) => wanted.has(option.value));
        return { count: named.length, results: named };
      }
      const needle = foldText(search?.trim() ?? '');
      const matching = needle ? all.filter((option) => foldText(option.label).includes(needle)) : [...all];
      return { count: matching.length, results: matching.slice(offset, offset + limit) };
    },
  };
}

/** The query of a picker request as the API takes it: `uuids` comma-separated (contracts: uuidList). */
export function pickerQuery(request: PickerRequest): {
  limit: number;
  offset: number;
  search?: string;
  uuids?: string;
} {
  return {
    limit: request.limit,
    offset: request.offset,
    ...(request.search && { search: request.search }),
    ...(request.uuids && { uuids: request.uuids.join(',') }),
  };
}
