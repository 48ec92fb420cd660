import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { es } from './es';

/**
 * The split of the catalogue into area files loses nothing and overrides nothing. Every file of es/ is an
 * area, read from the folder, so a new area is checked the day it is added.
 */
const AREA_FILES = readdirSync(join(import.meta.dirname, 'es')).filter((name) => name.endsWith('.ts'));
const AREAS: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(
    AREA_FILES.map(async (file) => [
      file.replace(/\.ts$/, ''),
      (await import(`./es/${file}`)) as Record<string, unknown>,
    ]),
  ),
);

/** Every leaf under `value` with its path; a function leaf is called with 1 for each parameter. */
function leaves(value: unknown, path: string): Array<[string, unknown]> {
  if (typeof value === 'function') return leaves(value(...Array(value.length).fill(1)), path);
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  return [[path, value]];
}

describe('the catalogue split by area', () => {
  it('finds the area files of shared/i18n/es/', () => {
    expect(Object.keys(AREAS)).toEqual(expect.arrayContaining(['account', 'common', 'documents', 'server']));
  });

  it('no key is exported by two area files', () => {
    const owners = new Map<string, string[]>();
    for (const [area, exports] of Object.entries(AREAS))
      for (const key of Object.keys(exports)) owners.set(key, [...(owners.get(key) ?? []), area]);
    const shared = [...owners].filter(([, areas]) => areas.length > 1);
    expect(shared).toEqual([]);
  });

  it('es holds exactly the area files together, each section the area object itself', () => {
    const fromAreas = Object.values(AREAS).flatMap((exports) => Object.entries(exports));
    expect(Object.keys(es).sort()).toEqual(fromAreas.map(([key]) => key).sort());
    for (const [key, section] of fromAreas) expect(es[key as keyof typeof es], key).toBe(section);
  });

  it('every text is a non-empty string, functions included', () => {
    const all = leaves(es, 'es');
    expect(all.length).toBeGreaterThan(500);
    const bad = all.filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(bad).toEqual([]);
  });

  it('keeps the texts the spec quotes, typos included', () => {
    expect(es.errors.generic).toBe('¡Oops! Parece que algo salío mal. Por favor, vuelve a intentarlo más tarde.');
    expect(es.account.expiredToken.text).toBe(es.errors.expiredLink);
    expect(es.errors.tooManyAttempts(299.5)).toBe('Demasiados intentos. Por favor, espere 5:00.');
    expect(es.roles.SUPER_ADMIN).toBe('Super administrador');
    expect(es.adminMenu[1]?.label).toBe('Grupos de sociedades');
  });

  it('asks before losing a form or deleting, in the spec’s words', () => {
    expect(es.adminUi.leaveConfirm).toBe(
      '¿Estás seguro de desear abandonar este formulario? Los datos ingresados no serán guardados.',
    );
    // The deletion question names what it deletes (a deliberate deviation), spelt '¿Estás seguro de que …?'.
    expect(es.societiesAdmin.deleteConfirm('Minera Atacama SpA')).toBe(
      '¿Estás seguro de que deseas eliminar la sociedad «Minera Atacama SpA»?',
    );
  });
});
