import { contracts } from '../../shared/contracts';
import { type Contract, pathParamNames } from '../../shared/contracts/define';
import { bodyIdFields, pathParamKind, queryIdFields } from './contract-inputs';
import { outOfScope } from './tenant-scope';
import {
  CALLERS,
  type Caller,
  type CallerSpec,
  KINDS_PER_TAG,
  type Tag,
  TENANT_KINDS,
  type TenantKind,
  USERS_PER_TAG,
} from './tenant-world';

/**
 * The isolation cases, generated from the contract table and the shape of the tenant world (both known when the tests
 * are collected; the ids are filled in once the world is built):
 * - path: a path id of another tenant → 403/404;
 * - filter: a query id of another tenant → 403/404, or a 200 that holds none of its ids;
 * - unfiltered: a GET list without filters → whatever status, none of another tenant's ids;
 * - body: a write whose body names another tenant's entity (on the caller's own entity, when the path takes one)
 *   → 400/403/404 and nothing of the other tenant changes.
 */
export interface IsolationCase {
  contract: Contract;
  caller: CallerSpec;
  kind: 'path' | 'filter' | 'unfiltered' | 'body';
  /** The path param, query name or body field that carries the foreign id. */
  field?: string;
  idKind?: TenantKind;
  /** The body field takes a list of ids. */
  list?: boolean;
  tag?: Tag;
  /** Which id of the tag (users: one case per user of the tag). */
  index: number;
}

const isTenantKind = (kind: string): kind is TenantKind => (TENANT_KINDS as readonly string[]).includes(kind);

/** Targets of a kind among the tags a caller must not see: (tag, index) pairs. */
function targets(caller: Pick<Caller, 'scope'>, kind: TenantKind, everyUser: boolean) {
  return outOfScope(caller)
    .filter((tag) => KINDS_PER_TAG[tag].includes(kind))
    .flatMap((tag) => {
      const count = kind === 'user' && everyUser ? USERS_PER_TAG[tag] : 1;
      return Array.from({ length: count }, (_, index) => ({ tag, index }));
    });
}

export function casesOf(contract: Contract): IsolationCase[] {
  const cases: IsolationCase[] = [];
  for (const caller of CALLERS) {
    for (const field of pathParamNames(contract.path)) {
      const idKind = pathParamKind(contract, field);
      if (!idKind || !isTenantKind(idKind)) continue;
      for (const t of targets(caller, idKind, false))
        cases.push({ contract, caller, kind: 'path', field, idKind, ...t });
    }
    for (const { name, kind } of queryIdFields(contract)) {
      if (!isTenantKind(kind)) continue;
      for (const t of targets(caller, kind, false))
        cases.push({ contract, caller, kind: 'filter', field: name, idKind: kind, ...t });
    }
    if (contract.method === 'GET' && pathParamNames(contract.path).length === 0) {
      cases.push({ contract, caller, kind: 'unfiltered', index: 0 });
    }
    if (contract.method !== 'GET' && !caller.demo) {
      for (const { name, kind, list } of bodyIdFields(contract)) {
        if (!isTenantKind(kind)) continue;
        for (const t of targets(caller, kind, true))
          cases.push({ contract, caller, kind: 'body', field: name, idKind: kind, list, ...t });
      }
    }
  }
  return cases;
}

export const protectedContracts = contracts.filter((c) => c.access !== 'public');

export function caseName(c: IsolationCase): string {
  const where = c.tag ? ` → ${c.tag}${c.idKind === 'user' && c.kind === 'body' ? ` user ${c.index}` : ''}` : '';
  return `${c.caller.name}: ${c.kind}${c.field ? ` ${c.field}` : ''}${where}`;
}

export const admits = (contract: Contract, role: string) =>
  contract.access === 'public' || (contract.access as readonly string[]).includes(role);

/** Item prefixes of the kinds whose key is not their name in capitals (functions/lib/data/*). */
const KEY_PREFIX: Partial<Record<TenantKind, string>> = {
  folderTemplate: 'FTEMPLATE',
  shareLink: 'SHARELINK',
  assignment: 'ACCOUNTING',
};

/** The table key of an entity, to check that a write's target exists before the case runs. */
export const entityKey = (kind: TenantKind, uuid: string) => {
  const prefix = KEY_PREFIX[kind] ?? kind.toUpperCase();
  return { pk: `${prefix}#${uuid}`, sk: prefix };
};
