import { describe, expect, it } from 'vitest';
import { formatDate, personLabel, shortId } from './format';

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
