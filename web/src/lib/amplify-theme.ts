import { createTheme } from '@aws-amplify/ui-react';
import { primaryPalette } from './theme';

/**
 * The Amplify UI theme of the pages after the login, branded with the project's primary colour. Its provider also
 * gives Amplify's primitives one theme object instead of each building the default one (app/query-layout.tsx).
 */
export function portalTheme(color: string | null | undefined) {
  const palette = primaryPalette(color);
  return createTheme({
    name: 'portal',
    tokens: {
      colors: {
        primary: Object.fromEntries(Object.entries(palette).map(([shade, value]) => [shade, { value }])),
      },
    },
  });
}
