/** Business constants of the admin screens (admin-area §9), in one place. */

/** Page sizes of every admin list; the first is the default. */
export const PAGE_SIZES = [5, 15, 30] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

/** The page-size selector shows on page 1 only, and only when a list has at least this many rows. */
export const PAGE_SIZE_SELECTOR_MIN_ROWS = 5;

/** Page buttons of the pager (one less on the last page). */
export const PAGER_BUTTONS = 3;

/** Shown IDs keep this many characters, then an ellipsis. */
export const SHORT_ID_LENGTH = 10;

/** Height of the scrollable selection lists (pickers). */
export const SELECTION_LIST_HEIGHT = '150px';

/** Project images: images only, 2 MB at most. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Typing in a search box updates the list after this pause. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Pickers search on the server after this pause in typing. */
export const PICKER_SEARCH_DEBOUNCE_MS = 250;
