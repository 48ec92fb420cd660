import { describe, expect, it } from 'vitest';
import { contracts } from '../shared/contracts';
import * as fields from '../shared/contracts/fields';
import * as users from '../shared/contracts/users';
import { contractModuleSource, SERVED_MODULES } from './contract-routes';

/** Runs the generated source of a module (plain `export const` lines of JSON) and returns its exports. */
function evaluate(source: string): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  for (const line of source.trim().split('\n').filter(Boolean)) {
    const match = /^export const (\w+) = (.*);$/.exec(line);
    if (!match?.[1] || match[2] === undefined) throw new Error(`unexpected line: ${line}`);
    exports[match[1]] = JSON.parse(match[2]);
  }
  return exports;
}

/** Every served area file, loaded as the server sees it. */
const contractModules: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(
    SERVED_MODULES.map(async (name) => [
      name,
      (await import(`../shared/contracts/${name}.ts`)) as Record<string, unknown>,
    ]),
  ),
);
const AREAS = Object.keys(contractModules);

describe('the contracts the SPA gets (no zod on the wire)', () => {
  const served = Object.fromEntries(
    AREAS.map((area) => [area, evaluate(contractModuleSource(contractModules[area] ?? {}))]),
  );

  it('every contract keeps its id, method, path, access and file type', () => {
    let seen = 0;
    for (const area of AREAS) {
      for (const [name, value] of Object.entries(contractModules[area] ?? {})) {
        if (!contracts.includes(value as (typeof contracts)[number])) continue;
        const contract = value as (typeof contracts)[number];
        expect(served[area]?.[name]).toEqual({
          id: contract.id,
          method: contract.method,
          path: contract.path,
          access: contract.access,
          ...(contract.fileResponse && { fileResponse: contract.fileResponse }),
        });
        seen += 1;
      }
    }
    expect(seen).toBe(contracts.length);
  });

  it('schemas are left out; plain constants stay', () => {
    const source = AREAS.map((area) => contractModuleSource(contractModules[area] ?? {})).join('');
    expect(source).not.toMatch(/_zod|"def":/);
    expect(served.users?.userSchema).toBeUndefined();
    expect(served.users?.USER_ORDERINGS).toEqual([...users.USER_ORDERINGS]);
    expect(evaluate(contractModuleSource(fields)).DEFAULT_COLOR).toBe(fields.DEFAULT_COLOR);
  });

  it('a schema a form imports comes from the module itself, so only the forms that import one carry zod', () => {
    const source = contractModuleSource(users, '/c/users.ts');
    expect(source).toContain('export { personName } from "/c/users.ts?schemas";');
    expect(source).not.toMatch(/_zod|"def":/);
    expect(source).toMatch(/^export const patchUser = \{"id":"patchUser"/m);
  });
});
