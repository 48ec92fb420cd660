import '@aws-amplify/ui-react/styles.css';
import '@/styles.css';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { loadBranding, primaryColor, useBranding } from '@/lib/branding';
import { queryClient } from '@/lib/query-client';
import { portalTheme } from '@/lib/theme';

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
 * The query cache of the whole app (lib/query-client.ts), the Amplify UI theme in the project's primary colour (default #005A9F), and the page title and
 * icon of the project. The branding is asked for once per page load.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { site } = useBranding();
  const color = primaryColor(site);
  const theme = useMemo(() => portalTheme(color), [color]);
  useDocumentBranding(site?.meta_title, site?.icon);
  // Menus and dialogs render in portals under <body>, outside the provider's element: the theme applies there too.
  useEffect(() => {
    document.body.setAttribute('data-amplify-theme', theme.name);
  }, [theme]);
  useEffect(() => {
    void loadBranding();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
