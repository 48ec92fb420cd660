import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { portalTheme } from '@/lib/amplify-theme';
import { primaryColor, useBranding } from '@/lib/branding';
import { markFetching, queryClient } from '@/lib/query-client';

/**
 * The query cache (lib/query-client.ts) and Amplify UI's theme in the project's colour around every page but the
 * login: both load with the first such page, so the first load of /login carries neither (≤ 120 KB
 * gzipped; the login draws Amplify's look with components/ui/light/ and lib/theme.ts's colour variables).
 */
export function QueryLayout() {
  const { site } = useBranding();
  const color = primaryColor(site);
  const theme = useMemo(() => portalTheme(color), [color]);
  useEffect(() => markFetching(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <Outlet />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
