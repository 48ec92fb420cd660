import { describe, expect, test } from 'vitest';
import { textOn } from './brand-style';

/** the login preview: its texts read on whatever brand colour a firm picks (WCAG contrast). */
describe('text on a brand colour', () => {
  test('white on dark colours, near-black on pale ones', () => {
    expect(textOn('#005A9F')).toBe('#fff');
    expect(textOn('#000')).toBe('#fff');
    // The wizard's default primary: white on it reads at 1.96:1.
    expect(textOn('#aabbcc')).toBe('#0d1a26');
    expect(textOn('#FFFFFF')).toBe('#0d1a26');
    expect(textOn('#F2A900')).toBe('#0d1a26');
  });

  test('anything that is not a hex colour keeps white', () => {
    expect(textOn('rojo')).toBe('#fff');
    expect(textOn('')).toBe('#fff');
  });
});
