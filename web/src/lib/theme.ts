import { DEFAULT_PRIMARY_COLOR } from './constants';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or 'abc' or '#aabbcc' → '#aabbcc'; anything else → undefined. */
export function normalizeHex(value: string | null | undefined): string | undefined {
  const match = value?.trim().match(HEX);
  if (!match?.[1]) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/** WCAG relative luminance of a '#rgb' or '#rrggbb' colour (undefined for anything else). */
export function luminance(hex: string): number | undefined {
  const normal = normalizeHex(hex.startsWith('#') ? hex : '');
  if (!normal) return undefined;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = Number.parseInt(normal.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's AA contrast for normal text: links, labels and the white text of primary buttons. */
const READABLE = 4.5;

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a) ?? 0, luminance(b) ?? 0];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/**
 * The colour darkened, keeping its hue, until it reads on white and on its own shade 10 (the active menu entry's
 * ground): a firm may pick a pale primary, such as the spec's default #aabbcc, whose links and buttons nobody could read.
 */
export function readableOnWhite(hex: string): string {
  let color = hex;
  for (let step = 1; step <= 20; step += 1) {
    if (contrast(color, '#ffffff') >= READABLE && contrast(color, mix(color, 255, 0.9)) >= READABLE) break;
    color = mix(hex, 0, step * 0.05);
  }
  return color;
}

function mix(hex: string, target: number, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * amount))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The ten shades Amplify UI's `colors.primary` scale expects, from the project's colour. Shade 80 is the colour itself,
 * darkened if needed until it reads on white: it is what primary buttons, links and focus rings use. Lighter shades mix
 * in white, darker ones black.
 */
export function primaryPalette(color: string | null | undefined): Record<10 | 20 | 40 | 60 | 80 | 90 | 100, string> {
  const base = readableOnWhite(normalizeHex(color) ?? (normalizeHex(DEFAULT_PRIMARY_COLOR) as string));
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

/**
 * The project's primary colour as Amplify UI's CSS variables (`--amplify-colors-primary-10` … `-100`). The brand
 * colours of its stylesheet point at these, so buttons, links and focus rings take the project's colour. Written
 * on <html> and <body> (the stylesheet declares its defaults on `:root, [data-amplify-theme]`; an inline style beats
 * both) instead of through Amplify's ThemeProvider, whose run-time theme costs 20 KB gzipped on /login.
 */
export function primaryColorVariables(color: string | null | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(primaryPalette(color)).map(([shade, value]) => [`--amplify-colors-primary-${shade}`, value]),
  );
}

export function applyPrimaryColor(color: string | null | undefined, elements: HTMLElement[]): void {
  for (const [name, value] of Object.entries(primaryColorVariables(color))) {
    for (const element of elements) element.style.setProperty(name, value);
  }
}
