import '@aws-amplify/ui-react/styles.css';
import '@/styles.css';
import { es } from '@shared/i18n/es';
import { type ReactNode, useEffect } from 'react';
import { loadBranding, primaryColor, useBranding } from '@/lib/branding';
import { applyPrimaryColor } from '@/lib/theme';

function useDocumentBranding(title: string | undefined, icon: string | null | undefined) {
  useEffect(() => {
    document.title = title || es.app.title;
  }, [title]);
  useEffect(() => {
    if (!icon) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = icon;
  }, [icon]);
}

/**
 * Amplify UI's colours in the project's primary colour
 * (default #005A9F; lib/theme.ts), and the page title and icon of the project. The branding is asked for once per
 * page load.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { site } = useBranding();
  const color = primaryColor(site);
  useDocumentBranding(site?.meta_title, site?.icon);
  // On <html> and <body>, so menus and dialogs rendered in portals under <body> take the colour too; <body> is also
  // marked with the theme's name, so the theme that app/query-layout.tsx provides reaches those portals.
  useEffect(() => {
    applyPrimaryColor(color, [document.documentElement, document.body]);
    document.body.setAttribute('data-amplify-theme', 'portal');
  }, [color]);
  useEffect(() => {
    void loadBranding();
  }, []);
  // The query cache is provided below the login page (app/query-layout.tsx).
  return children;
}
