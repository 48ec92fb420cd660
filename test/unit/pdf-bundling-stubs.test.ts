import { createRequire } from 'node:module';
import { Font as PackageFont } from '@pdf-lib/standard-fonts';
import { describe, expect, it } from 'vitest';
import { deflate, inflate } from '../../infra/bundling-stubs/pako';
import { BUNDLED_FONTS, Font, FontNames } from '../../infra/bundling-stubs/standard-fonts';

/**
 * The stand-ins the PDF functions bundle instead of pdf-lib's dependencies (infra/bundling.ts), against the
 * packages themselves (here, without aliases). test/infra/bundling.test.ts renders PDFs through them.
 */
describe('standard fonts stand-in', () => {
  const metrics = (font: object) =>
    Object.fromEntries(Object.entries(font).filter(([, value]) => typeof value !== 'function'));

  it('ships Helvetica and Helvetica-Bold with the metrics, widths and kerning of @pdf-lib/standard-fonts', () => {
    expect(BUNDLED_FONTS).toEqual(['Helvetica', 'Helvetica-Bold']);
    for (const name of BUNDLED_FONTS) {
      const ours = Font.load(name);
      const theirs = PackageFont.load(name as never);
      expect(metrics(ours)).toEqual(metrics(theirs));
      expect(Object.keys(ours.CharWidths).length).toBeGreaterThan(300);
      for (const glyph of ['A', 'V', 'ntilde', 'eacute', 'questiondown', 'Euro', 'none']) {
        expect(ours.getWidthOfGlyph(glyph)).toBe(theirs.getWidthOfGlyph(glyph));
      }
      for (const [left, right] of [
        ['A', 'V'],
        ['T', 'o'],
        ['a', 'b'],
      ] as const) {
        expect(ours.getXAxisKerningForPair(left, right)).toBe(theirs.getXAxisKerningForPair(left, right));
      }
      expect(Font.load(name)).toBe(ours);
    }
    expect(Font.load('Helvetica').getXAxisKerningForPair('A', 'V')).toBeLessThan(0);
  });

  it('knows all 14 names, so pdf-lib still takes them for standard fonts, and refuses the ones it does not ship', () => {
    expect(Object.values(FontNames)).toHaveLength(14);
    expect(() => Font.load('Times-Roman')).toThrow(
      'Standard font Times-Roman is not bundled in the functions (infra/bundling-stubs/standard-fonts.ts ships Helvetica, Helvetica-Bold)',
    );
  });
});

describe('pako stand-in over node:zlib', () => {
  // pako itself, as pdf-lib has it (the package ships no types).
  const pako = createRequire(import.meta.url)('pako') as Record<
    'deflate' | 'inflate',
    (data: Uint8Array) => Uint8Array
  >;
  const text = new TextEncoder().encode('BT /F1 8 Tf 36 540 Td (Pérdida) Tj ET\n'.repeat(500));

  it('deflates to what pako inflates, and inflates what pako deflates', () => {
    const deflated = deflate(text);
    expect(deflated).toBeInstanceOf(Uint8Array);
    expect(deflated.length).toBeLessThan(text.length / 10);
    expect(pako.inflate(deflated)).toEqual(text);
    expect(inflate(pako.deflate(text))).toEqual(new Uint8Array(text));
  });

  it('refuses options it was not written for', () => {
    expect(() => deflate(text, { raw: true })).toThrow('pako options are not supported');
  });
});
