import { describe, expect, it } from 'vitest';
import { luminance, normalizeHex, primaryPalette } from './theme';

describe('branding colours', () => {
  it('normalizes hex colours and refuses anything else', () => {
    expect(normalizeHex('#005A9F')).toBe('#005a9f');
    expect(normalizeHex('0F7B5F')).toBe('#0f7b5f');
    expect(normalizeHex('#abc')).toBe('#aabbcc');
    expect(normalizeHex('red')).toBeUndefined();
    expect(normalizeHex('url(x)')).toBeUndefined();
    expect(normalizeHex(null)).toBeUndefined();
  });

  it('puts the project colour at shade 80 (primary buttons), lighter and darker around it', () => {
    const palette = primaryPalette('#0F7B5F');
    expect(palette[80]).toBe('#0f7b5f');
    expect(palette[10]).not.toBe(palette[80]);
    expect(palette[100]).not.toBe(palette[80]);
  });

  it('falls back to #005A9F', () => {
    expect(primaryPalette(undefined)[80]).toBe('#005a9f');
    expect(primaryPalette('nope')[80]).toBe('#005a9f');
  });

  it('darkens a pale colour until its text reads on white and on shade 10 (4.5:1), and leaves a dark one as it is', () => {
    const contrast = (hex: string) => 1.05 / ((luminance(hex) as number) + 0.05);
    // The spec's default colour reads 1.9:1 on white.
    expect(contrast('#aabbcc')).toBeLessThan(2);
    const pale = primaryPalette('#aabbcc')[80];
    const tint = primaryPalette('#aabbcc')[10];
    expect(((luminance(tint) as number) + 0.05) / ((luminance(pale) as number) + 0.05)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(pale)).toBeLessThan(6.5);
    expect(primaryPalette('#ffff00')[80]).not.toBe('#ffff00');
    expect(contrast(primaryPalette('#ffff00')[80])).toBeGreaterThanOrEqual(4.5);
    expect(primaryPalette('#005A9F')[80]).toBe('#005a9f');
  });
});
