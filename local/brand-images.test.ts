import { describe, expect, it } from 'vitest';
import { brandLogo, logoScale } from './brand-images';

describe('the demo firms’ logos', () => {
  it('fit their longest word beside the mark', () => {
    expect(logoScale(['CONTADORES', 'ANDES'])).toBe(4);
    // 13 letters at 4 dots would run 412 px into a 360 px logo: they are drawn at 3.
    const scale = logoScale(['AUDITORES DEL', 'PACIFICO']);
    expect(100 + 13 * 6 * scale).toBeLessThanOrEqual(360);
  });
  it('refuse a letter they cannot draw rather than leave a gap', () => {
    expect(() => brandLogo({ words: ['PACÍFICO'], primary: '#0F7B5F', secondary: '#E4572E', mark: 'waves' })).toThrow(
      /No glyph for Í/,
    );
    expect(
      brandLogo({ words: ['AUDITORES DEL', 'PACIFICO'], primary: '#0F7B5F', secondary: '#E4572E', mark: 'waves' }),
    ).toBeInstanceOf(Buffer);
  });
});
