import { describe, expect, it } from 'vitest';
import { validateImage } from './validate-image';

describe('image files (admin-area §5)', () => {
  it('takes an image of 2 MB at most, and no file', () => {
    expect(validateImage(null)).toBeUndefined();
    expect(validateImage(new File(['x'], 'logo.png', { type: 'image/png' }))).toBeUndefined();
    expect(validateImage(new File(['x'], 'doc.pdf', { type: 'application/pdf' }))).toBe(
      'El archivo debe ser una imagen de máximo 2 MB.',
    );
    expect(validateImage(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))).toBe(
      'El archivo debe ser una imagen de máximo 2 MB.',
    );
  });
});
