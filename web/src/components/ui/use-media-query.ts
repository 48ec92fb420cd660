import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below 768 px the sidebar is a drawer; styles.css uses the same breakpoint. */
export const PHONE_QUERY = '(max-width: 767.98px)';
/** Below 1024 px /chatbot shows the chat itself (portal spec §2). */
export const NARROW_QUERY = '(max-width: 1023.98px)';
