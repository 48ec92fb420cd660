/**
 * Loads a page's code before it is opened: the router says how (app/router.tsx), and menus ask on hover or focus, so
 * a click finds the page's code already in the browser and waits only for its data.
 */
type Prefetcher = (path: string) => Promise<void>;

let prefetcher: Prefetcher = async () => {};

export function setRoutePrefetcher(next: Prefetcher): void {
  prefetcher = next;
}

export const prefetchRoute = (path: string): Promise<void> => prefetcher(path);
