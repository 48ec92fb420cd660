import { PAGE_SIZE_SELECTOR_MIN_ROWS, PAGER_BUTTONS } from './constants';

/** Number of pages for `total` rows of `size` (admin-area §7: ceil(total / size)). */
export function pageCount(total: number, size: number): number {
  if (!(total > 0) || !(size > 0)) return 0;
  return Math.ceil(total / size);
}

/** Offset of a page (admin-area §7: (page - 1) × size). */
export function pageOffset(page: number, size: number): number {
  return Math.max(0, (Math.floor(page) - 1) * size);
}

/**
 * The page numbers the pager shows (admin-area §2, §9): three buttons around the current page — the first page shows
 * 1, 2, 3 — and two on the last page (the one before and the last). Fewer when there are fewer pages.
 */
export function pagerPages(page: number, pages: number): number[] {
  if (pages <= 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  if (current === pages) return pages === 1 ? [1] : [pages - 1, pages];
  const first = Math.max(1, current - 1);
  const last = Math.min(pages, first + PAGER_BUTTONS - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The page-size selector shows on page 1 only, and only when the list has at least 5 rows. */
export function showsPageSize(page: number, total: number): boolean {
  return page === 1 && total >= PAGE_SIZE_SELECTOR_MIN_ROWS;
}

/** A count with thousands dots, as Chileans write it ('1.222'; Intl's es-CL leaves four digits ungrouped). */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
