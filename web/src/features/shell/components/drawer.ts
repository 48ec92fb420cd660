import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PHONE_QUERY, useMediaQuery } from '@/components/ui/use-media-query';
import type { DrawerControl } from './top-bar';

/** A little longer than the drawer's transition in styles.css. */
const FOCUS_DELAY_MS = 250;
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The sidebar drawer of phones. Opening it moves focus to its first link; Escape, the backdrop, a link in it, a
 * new page or the button close it, and focus returns to the button when it was inside the drawer.
 */
export function useDrawer() {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const id = useId();
  const { pathname } = useLocation();

  const close = useCallback(() => {
    setOpen(false);
    if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
  }, []);

  // A new page closes it; so does growing past the breakpoint. A page rewriting its own address (a list keeping its
  // filters in the hash) does not: the person just opened the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname, phone]);

  // A link in the drawer closes it, the current page's entry too (nothing else would tell the person it worked). Enter
  // on a focused link is a click as well.
  useEffect(() => {
    const panel = panelRef.current;
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
    };
    panel?.addEventListener('click', onClick);
    return () => panel?.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (!open) return;
    // Once the slide-in has ended (styles.css, 0.2 s): Chromium refuses focus to an element still sliding in.
    const timer = setTimeout(() => panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus(), FOCUS_DELAY_MS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  const control: DrawerControl = {
    open: phone && open,
    controls: `portal-drawer-${id.replace(/:/g, '')}`,
    onToggle: () => (open ? close() : setOpen(true)),
    buttonRef,
  };
  return { phone, control, panelRef, close };
}
