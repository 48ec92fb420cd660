import type { Contract } from '../shared/contracts/define';
import { routeKey as httpApiRouteKey } from '../shared/contracts/define';

/**
 * How contracts are spread over API stacks: the one place that decides it.
 *
 * Each contract costs its stack RESOURCES_PER_ROUTE CloudFormation resources (function, its execution role with the
 * policy inline, log group, route, integration, invoke permission); a stack adds STACK_OVERHEAD (CDK metadata, the
 * functions' tracing policy). With MAX_ROUTES_PER_STACK = 40 an API stack holds at most 40 × 6 + 2 = 242 resources: far under CloudFormation's
 * 500, and under the project's own bar of 400 even if a route later gains a resource or two (an alarm, an alias).
 * test/infra/sizing.test.ts counts them in synthesized templates.
 *
 * Rule: contracts are grouped by area (the first folder of `handler`: `auth/post-token` → `auth`), one stack per
 * area, so a contract's stack depends only on its own area, and adding an endpoint to one area never moves the
 * functions of another (moving a route between stacks makes CloudFormation delete and re-create it, and the new
 * stack can race the old one for the route key). An area with more than MAX_ROUTES_PER_STACK contracts is split,
 * by contract id, into ceil(n / MAX) stacks of near-equal size: `Projects`, `Projects2`, ...
 */
export const MAX_ROUTES_PER_STACK = 40;
export const RESOURCES_PER_ROUTE = 6;
export const STACK_OVERHEAD = 2;

export interface ApiChunk {
  /** PascalCase, unique: part of the stack's name (`PortalApiAuth`). */
  name: string;
  area: string;
  contracts: Contract[];
}

export function areaOf(contract: Pick<Contract, 'handler'>): string {
  const [area, ...rest] = contract.handler.split('/');
  if (!area || rest.length === 0) {
    throw new Error(`Contract handler must be <area>/<module> under functions/: ${contract.handler}`);
  }
  return area;
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/** Checks the table (unique ids, unique route keys) and returns its chunks, in a stable order. */
export function chunkContracts(contracts: readonly Contract[], maxRoutes = MAX_ROUTES_PER_STACK): ApiChunk[] {
  assertUnique(contracts);
  const byArea = new Map<string, Contract[]>();
  for (const contract of contracts) {
    const area = areaOf(contract);
    byArea.set(area, [...(byArea.get(area) ?? []), contract]);
  }

  const chunks: ApiChunk[] = [];
  for (const area of [...byArea.keys()].sort()) {
    const members = [...(byArea.get(area) ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const count = Math.ceil(members.length / maxRoutes);
    const size = Math.ceil(members.length / count);
    for (let i = 0; i < count; i++) {
      chunks.push({
        name: `${pascal(area)}${i === 0 ? '' : i + 1}`,
        area,
        contracts: members.slice(i * size, (i + 1) * size),
      });
    }
  }
  const names = new Set(chunks.map((chunk) => chunk.name));
  if (names.size !== chunks.length) throw new Error('Two handler areas map to the same stack name; rename one area.');
  return chunks;
}

function assertUnique(contracts: readonly Contract[]): void {
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const contract of contracts) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(contract.id))
      throw new Error(`Contract id must be alphanumeric: ${contract.id}`);
    if (ids.has(contract.id)) throw new Error(`Duplicate contract id: ${contract.id}`);
    const key = httpApiRouteKey(contract);
    if (keys.has(key)) throw new Error(`Duplicate route: ${key}`);
    ids.add(contract.id);
    keys.add(key);
  }
}
