import Helvetica from '@pdf-lib/standard-fonts/es/Helvetica.compressed.json';
import HelveticaBold from '@pdf-lib/standard-fonts/es/Helvetica-Bold.compressed.json';
import { decompressJson } from '@pdf-lib/standard-fonts/es/utils';

/**
 * Stand-in for `@pdf-lib/standard-fonts` (infra/bundling.ts). The package's index imports the metrics of all
 * 14 standard fonts (127 KB of every PDF function), while the portal's PDFs use Helvetica and Helvetica-Bold only
 * (functions/lib/pdf.ts, functions/lib/accounting/export-pdf.ts). This module offers what pdf-lib imports from the
 * package (Font.load, Encodings, FontNames) with those two fonts' metrics, read from the package's own data files and
 * decoded by the package's own decompressJson; the encodings are the package's module itself. Any other standard font
 * fails loudly when embedded. test/unit/standard-fonts.test.ts checks that widths and kerning equal the package's.
 */
export { Encodings } from '@pdf-lib/standard-fonts/es/Encoding';

/** All 14 names, as the package has them: pdf-lib tells a standard font by this list (utils/objects.ts). */
export const FontNames = {
  Courier: 'Courier',
  CourierBold: 'Courier-Bold',
  CourierOblique: 'Courier-Oblique',
  CourierBoldOblique: 'Courier-BoldOblique',
  Helvetica: 'Helvetica',
  HelveticaBold: 'Helvetica-Bold',
  HelveticaOblique: 'Helvetica-Oblique',
  HelveticaBoldOblique: 'Helvetica-BoldOblique',
  TimesRoman: 'Times-Roman',
  TimesRomanBold: 'Times-Bold',
  TimesRomanItalic: 'Times-Italic',
  TimesRomanBoldItalic: 'Times-BoldItalic',
  Symbol: 'Symbol',
  ZapfDingbats: 'ZapfDingbats',
} as const;

/** The fonts the functions ship: adding one here (and its data file above) is all a new PDF style needs. */
const BUNDLED: Readonly<Record<string, string>> = {
  [FontNames.Helvetica]: Helvetica,
  [FontNames.HelveticaBold]: HelveticaBold,
};
export const BUNDLED_FONTS = Object.keys(BUNDLED);

interface AfmMetrics {
  FontName: string;
  CharMetrics: Array<{ N: string; WX: number }>;
  KernPairs: Array<[string, string, number]>;
}

const cache = new Map<string, Font>();

/** One font's metrics (the AFM file as JSON), with the two lookups pdf-lib makes while laying text out. */
export class Font {
  CharWidths: Record<string, number> = {};
  KernPairXAmounts: Record<string, Record<string, number>> = {};

  static load(fontName: string): Font {
    const cached = cache.get(fontName);
    if (cached) return cached;
    const compressed = BUNDLED[fontName];
    if (compressed === undefined) {
      throw new Error(
        `Standard font ${fontName} is not bundled in the functions (infra/bundling-stubs/standard-fonts.ts ships ${BUNDLED_FONTS.join(', ')})`,
      );
    }
    const metrics = JSON.parse(decompressJson(compressed)) as AfmMetrics;
    const font = Object.assign(new Font(), metrics);
    for (const { N, WX } of metrics.CharMetrics) font.CharWidths[N] = WX;
    for (const [left, right, amount] of metrics.KernPairs) {
      font.KernPairXAmounts[left] ??= {};
      (font.KernPairXAmounts[left] as Record<string, number>)[right] = amount;
    }
    cache.set(fontName, font);
    return font;
  }

  getWidthOfGlyph = (glyphName: string): number | undefined => this.CharWidths[glyphName];

  getXAxisKerningForPair = (left: string, right: string): number | undefined => this.KernPairXAmounts[left]?.[right];
}
