import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PHONE_QUERY, useMediaQuery } from '@/components/ui/use-media-query';
import type { DrawerControl } from './top-bar';

/** A little longer than the drawer's transition in styles.css. */
const FOCUS_DELAY_MS = 250;
const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The sidebar drawer of phones. Opening it moves focus to its first link; Escape, the backdrop, a
 * navigation or the button close it, and focus returns to the button when it was inside the drawer.
 */
export function useDrawer() {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const id = useId();
  const { key } = useLocation();

  const close = useCallback(() => {
    setOpen(false);
    if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
  }, []);

  // A navigation closes it, even to the page already shown (a tap on the current page's entry); so does growing past
  // the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation is the trigger, not an input.
  useEffect(() => setOpen(false), [key, phone]);

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
