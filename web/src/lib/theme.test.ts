import { describe, expect, it } from 'vitest';
import { normalizeHex, primaryPalette } from './theme';

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
});
