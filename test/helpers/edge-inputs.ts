import fc from 'fast-check';
import type * as z from 'zod/mini';
import type { Contract } from '../../shared/contracts/define';
import { sampleBody, shapeOf } from './contract-inputs';
import type { Kind } from './tenant-world';

/**
 * Valid bodies at the edges of a contract's schema, so fuzzing reaches the handlers and not only validation: the
 * contract's minimal valid body (contract-inputs.ts) with each text field replaced by a variant the field's own
 * schema still accepts (padded with spaces, letters and symbols beyond ASCII, invisible characters, or as long as
 * the schema allows). A variant the schema refuses is dropped, so every body drawn is valid.
 */
const LONGEST_TRIED = 5000;

/** The longest `value + filler` the field accepts, by bisection on the filler's length. */
function longest(field: { safeParse: (v: unknown) => { success: boolean } }, value: string, filler: string) {
  let low = 0;
  let high = LONGEST_TRIED;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (field.safeParse(value + filler.repeat(mid)).success) low = mid;
    else high = mid - 1;
  }
  return value + filler.repeat(low);
}

function variants(field: { safeParse: (v: unknown) => { success: boolean } }, value: string): string[] {
  const candidates = [
    value,
    `  ${value}  `,
    `${value} Ñandú Pérez`,
    `${value} 💥`,
    `${value}\u200b`,
    `${value}\u202e`,
    longest(field, value, 'ñ'),
    longest(field, value, 'a'),
  ];
  return [...new Set(candidates)].filter((v) => field.safeParse(v).success);
}

/**
 * `runs` valid bodies at the edges of the contract's body schema: first every text field at its longest (in 'ñ', two
 * bytes each in UTF-8, then in 'a': keys and item sizes are counted in bytes), then random mixes of the variants.
 */
export function edgeBodies(
  contract: Contract,
  idFor: (kind: Kind, list: boolean) => string | string[],
  runs: number,
  seed: number,
): Array<Record<string, unknown>> | undefined {
  const base = sampleBody(contract, idFor);
  if (!base) return undefined;
  const shape = shapeOf(contract.body);
  const valid = (body: Record<string, unknown>) => contract.body?.safeParse(body).success === true;
  const each = (make: (field: z.ZodMiniType, value: string) => string) =>
    Object.fromEntries(
      Object.entries(base).map(([name, value]) => {
        const field = shape[name];
        return [name, typeof value === 'string' && field ? make(field, value) : value];
      }),
    );
  const fixed = [each((f, v) => longest(f, v, 'ñ')), each((f, v) => longest(f, v, 'a'))].filter(valid);
  const mixes = fc.record(
    Object.fromEntries(
      Object.entries(base).map(([name, value]) => {
        const field = shape[name];
        return [name, fc.constantFrom(...(typeof value === 'string' && field ? variants(field, value) : [value]))];
      }),
    ),
  );
  const random = fc.sample(mixes.filter(valid), { numRuns: Math.max(0, runs - fixed.length), seed });
  return [...fixed, ...random].slice(0, Math.max(runs, fixed.length));
}
