import { describe, expect, it } from 'vitest';
import { formatDate, personLabel, shortId } from './format';
import {
  firstError,
  isFilled,
  maxLength,
  validateColor,
  validateEmail,
  validateImage,
  validatePhone,
  validateRequiredEmail,
  validateRut,
  validateUrl,
} from './validators';

const RUT_MESSAGE = 'El RUT no es válido';
const PHONE_MESSAGE = 'El teléfono debe tener solo dígitos, con un + inicial opcional (máximo 15 caracteres).';

describe('field validators (admin-area §5)', () => {
  it('checks RUTs by format, length and modulo-11 check digit', () => {
    // Fixtures worked by hand (digits right to left × 2,3,4,5,6,7,2,3; 11 − sum mod 11, 11 → 0, 10 → K), and SII's
    // own published RUT 60.803.000-K, so the production check digit is never its own reference.
    for (const valid of [
      '76543210-3',
      '11111111-1',
      '12345678-5',
      '76123456-0',
      '10000013-K',
      '60803000-K',
      '60803000-k',
    ]) {
      expect(validateRut(valid), valid).toBeUndefined();
    }
    for (const wrongDigit of ['76543210-4', '11111111-2', '12345678-0', '76123456-K', '10000013-0', '60803000-1']) {
      expect(validateRut(wrongDigit), wrongDigit).toBe(RUT_MESSAGE);
    }
    expect(validateRut('')).toBeUndefined();
    // As people write them (issue 14): dots, spaces, lower-case k, no hyphen.
    for (const written of ['12.345.678-5', '77.308.533-1', '12 345 678-5', '60.803.000-k', '123456785']) {
      expect(validateRut(written), written).toBeUndefined();
    }
    expect(validateRut('12.345.678-4')).toBe(RUT_MESSAGE);
    expect(validateRut('123456789-0')).toBe(RUT_MESSAGE);
    expect(validateRut('abc')).toBe(RUT_MESSAGE);
  });

  it('accepts http and https URLs only', () => {
    expect(validateUrl('https://portal.example.cl')).toBeUndefined();
    expect(validateUrl('http://localhost:5173')).toBeUndefined();
    expect(validateUrl('')).toBeUndefined();
    expect(validateUrl('portal.example.cl')).toBe('Debes ingresar una URL válida');
    expect(validateUrl('ftp://example.cl')).toBe('Debes ingresar una URL válida');
    expect(validateUrl('https://exa mple.cl')).toBe('Debes ingresar una URL válida');
  });

  it('words e-mail problems as the spec does', () => {
    expect(validateEmail('ana@empresa.cl')).toBeUndefined();
    expect(validateEmail('')).toBeUndefined();
    expect(validateRequiredEmail('')).toBe('El email es obligatorio.');
    expect(validateEmail('ana@')).toMatch(/^El email debe tener el siguiente formato /);
    expect(validateEmail(`${'a'.repeat(96)}@x.cl`)).toBe('El email es muy largo (maximo 100 caracteres).');
  });

  it('takes phones as people write them, an optional plus and digits, 15 at most', () => {
    expect(validatePhone('+56912345678')).toBeUndefined();
    expect(validatePhone('912345678')).toBeUndefined();
    expect(validatePhone('+56 9 1234 5678')).toBeUndefined();
    expect(validatePhone('+56 (2) 2345-6789')).toBeUndefined();
    for (const bad of ['+56 9 1234', '+1234567890123456', '12+34']) expect(validatePhone(bad), bad).toBe(PHONE_MESSAGE);
  });

  it('checks lengths, colours and images', () => {
    expect(maxLength(5)('abcde')).toBeUndefined();
    expect(maxLength(5)('abcdef')).toBe('Máximo 5 caracteres.');
    expect(validateColor('#aabbcc')).toBeUndefined();
    expect(validateColor('#abc')).toBeUndefined();
    expect(validateColor('aabbcc')).toBe('El color debe tener el formato #rrggbb.');
    expect(validateImage(null)).toBeUndefined();
    expect(validateImage(new File(['x'], 'logo.png', { type: 'image/png' }))).toBeUndefined();
    expect(validateImage(new File(['x'], 'doc.pdf', { type: 'application/pdf' }))).toBe(
      'El archivo debe ser una imagen de máximo 2 MB.',
    );
    expect(validateImage(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))).toBe(
      'El archivo debe ser una imagen de máximo 2 MB.',
    );
  });

  it('tells filled values from empty ones and returns the first error', () => {
    expect(isFilled('  ')).toBe(false);
    expect(isFilled('a')).toBe(true);
    expect(isFilled([])).toBe(false);
    expect(isFilled(['x'])).toBe(true);
    expect(isFilled(null)).toBe(false);
    expect(firstError('abcdef', maxLength(3), validateUrl)).toBe('Máximo 3 caracteres.');
    expect(firstError('https://a.cl', maxLength(30), validateUrl)).toBeUndefined();
  });
});

describe('display helpers', () => {
  it('shortens IDs to 10 characters and an ellipsis', () => {
    expect(shortId('0f8e2a4c-1111-4222-8333-944445555666')).toBe('0f8e2a4c-1…');
    expect(shortId('short')).toBe('short');
  });

  it('formats dates in Chilean style and people with their e-mail', () => {
    expect(formatDate('2024-03-05T15:00:00.000Z')).toMatch(/^05[-/]03[-/]2024$/);
    expect(formatDate(null)).toBe('-');
    expect(formatDate('nope')).toBe('-');
    expect(personLabel({ first_name: 'Ana', last_name: 'Pérez', email: 'ana@x.cl' })).toBe('Ana Pérez (ana@x.cl)');
  });
});
