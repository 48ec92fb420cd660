import { describe, expect, it } from 'vitest';
import { TICKET_RULES } from './ticket-modal';

const draft = { email: '', subject: 'No veo el balance', description: 'Falta octubre.', files: [] };

describe('the ticket modal: the contract ticket body', () => {
  it('passes with a subject and a description of 4 to 1024 characters, without asking for an address', () => {
    expect(TICKET_RULES.passes(draft)).toBe(true);
    expect(TICKET_RULES.passes({ ...draft, description: 'x'.repeat(1024) })).toBe(true);
  });

  it('gives a description short of 4 characters, or blank, the hint; a blank subject only keeps it unsent', () => {
    for (const description of ['abc', '  ab  ', '   ']) {
      expect(TICKET_RULES['~standard'].validate({ ...draft, description })).toEqual({
        issues: [{ message: 'Entre 4 y 1024 caracteres', path: ['description'] }],
      });
    }
    expect(TICKET_RULES.passes({ ...draft, subject: ' ' })).toBe(false);
    expect(TICKET_RULES['~standard'].validate({ ...draft, subject: ' ' })).toEqual({
      value: { ...draft, subject: ' ' },
    });
  });
});
