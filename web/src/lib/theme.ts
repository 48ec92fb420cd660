import { createTheme } from '@aws-amplify/ui-react';
import { DEFAULT_PRIMARY_COLOR } from './constants';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or 'abc' or '#aabbcc' → '#aabbcc'; anything else → undefined. */
export function normalizeHex(value: string | null | undefined): string | undefined {
  const match = value?.trim().match(HEX);
  if (!match?.[1]) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

function mix(hex: string, target: number, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * amount))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The ten shades Amplify UI's `colors.primary` scale expects, from the project's colour. Shade 80 is the colour itself:
 * it is what primary buttons, links and focus rings use. Lighter shades mix in white, darker ones black.
 */
export function primaryPalette(color: string | null | undefined): Record<10 | 20 | 40 | 60 | 80 | 90 | 100, string> {
  const base = normalizeHex(color) ?? (normalizeHex(DEFAULT_PRIMARY_COLOR) as string);
  return {
    10: mix(base, 255, 0.9),
    20: mix(base, 255, 0.75),
    40: mix(base, 255, 0.5),
    60: mix(base, 255, 0.25),
    80: base,
    90: mix(base, 0, 0.15),
    100: mix(base, 0, 0.3),
  };
}

/** The Amplify UI theme of the whole app, branded with the project's primary colour. */
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
