import { describe, expect, it } from 'vitest';
import { CONTACT_RULES } from './contact-modal';

const draft = { email: 'visita@empresa.cl', subject: 'Demo', description: 'Somos 12 sociedades.', files: [] };
const messages = (values: typeof draft) => {
  const result = CONTACT_RULES['~standard'].validate(values);
  return 'issues' in result ? result.issues : [];
};

describe('the contact modal: the contract contact body', () => {
  it('passes with an address, a subject and a description of at most 1024 characters', () => {
    expect(CONTACT_RULES.passes(draft)).toBe(true);
    expect(CONTACT_RULES.passes({ ...draft, description: 'x'.repeat(1024) })).toBe(true);
  });

  it('words a missing or mistyped address, and a description too long', () => {
    expect(messages({ ...draft, email: '' })).toEqual([{ message: 'El email es obligatorio.', path: ['email'] }]);
    expect(messages({ ...draft, email: 'visita@empresa' })).toEqual([
      { message: 'El email debe tener el siguiente formato nombre@dominio.cl', path: ['email'] },
    ]);
    expect(messages({ ...draft, description: 'x'.repeat(1025) })).toEqual([
      { message: 'Máximo 1024 caracteres', path: ['description'] },
    ]);
  });

  it('keeps a blank subject or description unsent without a message', () => {
    for (const blank of [{ subject: ' ' }, { description: '' }]) {
      expect(CONTACT_RULES.passes({ ...draft, ...blank })).toBe(false);
      expect(messages({ ...draft, ...blank })).toEqual([]);
    }
  });
});
