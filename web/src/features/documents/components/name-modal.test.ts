import { describe, expect, it } from 'vitest';
import { nameRules } from './name-modal';

describe('the name modal: the folder and document name contracts', () => {
  it('keeps a blank name from being sent without a message', () => {
    const rules = nameRules('folder_name');
    expect(rules.passes({ name: '   ' })).toBe(false);
    expect(rules['~standard'].validate({ name: '   ' })).toEqual({ value: { name: '   ' } });
  });

  it('names a path separator in the words of the API, for a folder and for a document', () => {
    expect(nameRules('folder_name')['~standard'].validate({ name: 'IVA/2025' })).toEqual({
      issues: [{ message: 'Error en formato de nombre de carpeta', path: ['name'] }],
    });
    expect(nameRules('document_name')['~standard'].validate({ name: 'a\\b.pdf' })).toEqual({
      issues: [{ message: 'Error en formato de nombre de documento', path: ['name'] }],
    });
  });

  it('takes a document name of up to 200 characters, a folder name of up to 100', () => {
    expect(nameRules('document_name').passes({ name: 'x'.repeat(200) })).toBe(true);
    expect(nameRules('folder_name').passes({ name: 'x'.repeat(100) })).toBe(true);
    expect(nameRules('folder_name').passes({ name: 'x'.repeat(101) })).toBe(false);
  });
});
