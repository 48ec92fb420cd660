import { contracts } from '../../shared/contracts';
import { type Contract, pathParamNames } from '../../shared/contracts/define';
import { bodyIdFields, pathParamKind, queryIdFields, shapeOf } from './contract-inputs';
import { freshRut } from './fresh';
import { outOfScope } from './tenant-scope';
import {
  CALLERS,
  type Caller,
  type CallerSpec,
  KINDS_PER_TAG,
  type Kind,
  SHARED_KINDS,
  type SharedKind,
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
  // The claim that a message carries the document (functions/lib/data/messages.ts).
  messageFile: 'MSGFILE',
  requestTemplate: 'REQTPL',
  requestSchedule: 'REQSCHED',
};

/** The table key of an entity, to check that a write's target exists before the case runs. */
export const entityKey = (kind: TenantKind, uuid: string) => {
  const prefix = KEY_PREFIX[kind] ?? kind.toUpperCase();
  return { pk: `${prefix}#${uuid}`, sk: prefix };
};

/**
 * The shared world: what firm A's callers may do to an entity firm B shares with them (tenant-world.ts
 * `shared`), each case run by the test against A's side of it while B's side must stay unchanged and unseen:
 * - read: a GET naming it in the path; search: a list or picker searched for it (its e-mail, its RUT);
 * - filter: a GET naming it in a query filter (a society's statements, documents, users, reports);
 * - field: a PATCH of it, one case per field of the body (SHARED_FIELD_VALUES: each field's change);
 * - write: any other write naming it in the path; body: a write naming it in a body field on the caller's own entity.
 */
export interface SharedCase {
  contract: Contract;
  caller: CallerSpec;
  kind: SharedKind;
  how: 'read' | 'search' | 'filter' | 'field' | 'write' | 'body';
  /** The path param that names it (read, field, write). */
  param?: string;
  /** The body field that names it (body), the field changed (field), the query searched (search) or filtered by. */
  field?: string;
  /** The value sent for a 'field' case (made when the case runs; ids are the caller's own, from `own`). */
  value?: SharedValue;
}

type SharedValue = (own: (kind: Kind) => string) => unknown;

export const SHARED_CALLERS = CALLERS.filter(
  (c) => !c.demo && (c.role === 'PROJECT_ADMIN' || c.role === 'GROUP_ADMIN'),
);

/**
 * Who of firm A is tried against each shared entity: its admins (they reach a person and a company); for a company,
 * also its client users (A1's USER_GROUP and A1a's USER_SOCIETY are members of A's side of it).
 */
export const sharedCallersOf = (kind: SharedKind) =>
  kind === 'society' ? CALLERS.filter((c) => !c.demo) : SHARED_CALLERS;

/**
 * The change each field of a shared entity's PATCH is tried with (names and e-mails are fresh per case). A field
 * nobody listed here fails at collection, so a new field of a PATCH is tried the day it is added.
 */
export const SHARED_FIELD_VALUES: Record<string, ReadonlyArray<SharedValue>> = {
  first_name: [() => 'Cambiado'],
  last_name: [() => 'Cambiado'],
  email: [() => `compartido-${Math.random().toString(36).slice(2, 10)}@prueba.cl`],
  rut_user: [() => '11111111-1'],
  phone_number: [() => '+56999998888'],
  position: [() => 'Gerente'],
  user_description: [() => 'Otra descripción'],
  user_magnus: [() => 'otro-usuario'],
  user_documentation: [() => true, () => false],
  user_role: [() => 'USER_GROUP'],
  enable: [() => false],
  project: [() => []],
  group: [() => []],
  society: [() => []],
};

/** The same for a society's PATCH: A's side of the company changes, B's must not (a fresh RUT moves A's away). */
export const SHARED_SOCIETY_FIELD_VALUES: Record<string, ReadonlyArray<SharedValue>> = {
  society_business_name: [() => `Renombrada ${Math.random().toString(36).slice(2, 8)} SpA`],
  society_rut: [() => freshRut()],
  business_line: [() => 'Otra línea'],
  company_code: [() => 'OTRA'],
  industry_type: [(own) => own('industry')],
  society_email: [() => 'otra@compartida.cl'],
  currency: [() => 'USD'],
  group: [(own) => own('group')],
  project: [(own) => own('project')],
  user: [() => []],
  society_contact_name: [() => 'Otra Persona'],
  society_phone_number: [() => '+56922223333'],
  society_address: [() => 'Otra calle 123'],
  society_contact_email: [() => 'contacto@otra.cl'],
  tax_module: [() => 'True'],
  enable: [() => false],
};
const FIELD_VALUES_OF: Record<SharedKind, Record<string, ReadonlyArray<SharedValue>>> = {
  user: SHARED_FIELD_VALUES,
  society: SHARED_SOCIETY_FIELD_VALUES,
};

export function sharedCasesOf(contract: Contract): SharedCase[] {
  const cases: SharedCase[] = [];
  const query = shapeOf(contract.query);
  // A list searched for it: one whose other filters may all be left out (the others answer about those filters).
  const searchable =
    contract.method === 'GET' &&
    'search' in query &&
    Object.entries(query).every(([name, field]) => name === 'search' || field.safeParse(undefined).success);
  for (const kind of SHARED_KINDS) {
    for (const caller of sharedCallersOf(kind).filter((c) => admits(contract, c.role))) {
      const param = pathParamNames(contract.path).find((p) => pathParamKind(contract, p) === kind);
      if (param && contract.method === 'GET') cases.push({ contract, caller, kind, how: 'read', param });
      else if (param && contract.method === 'PATCH') {
        for (const field of Object.keys(shapeOf(contract.body)).filter((f) => f !== 'version')) {
          const values = FIELD_VALUES_OF[kind][field];
          if (!values) throw new Error(`${contract.id}: no shared-world change for field ${field} (${kind})`);
          for (const value of values) cases.push({ contract, caller, kind, how: 'field', param, field, value });
        }
      } else if (param) cases.push({ contract, caller, kind, how: 'write', param });
      if (!param && searchable) cases.push({ contract, caller, kind, how: 'search', field: 'search' });
      if (!param && contract.method === 'GET') {
        for (const { name } of queryIdFields(contract).filter((f) => f.kind === kind)) {
          cases.push({ contract, caller, kind, how: 'filter', field: name });
        }
      }
      if (contract.method !== 'GET' && !param) {
        for (const { name } of bodyIdFields(contract).filter((f) => f.kind === kind)) {
          cases.push({ contract, caller, kind, how: 'body', field: name });
        }
      }
    }
  }
  return cases;
}

/** How a 'field' case's value reads in its name (fresh values and ids are named, not printed). */
const FIELD_VALUE_NAMES: Record<string, string> = {
  email: 'a new address',
  society_business_name: 'a new name',
  society_rut: 'a fresh RUT',
  industry_type: 'its own industry',
  group: 'its own group',
  project: 'its own project',
};

export function sharedCaseName(c: SharedCase): string {
  const named =
    c.field && c.kind === 'society'
      ? FIELD_VALUE_NAMES[c.field]
      : c.field === 'email'
        ? FIELD_VALUE_NAMES.email
        : undefined;
  const value = c.how !== 'field' ? '' : named ? ` = ${named}` : ` = ${JSON.stringify(c.value?.(() => 'its own'))}`;
  return `${c.contract.id} ${c.caller.name}: ${c.how} ${c.field ?? c.param ?? ''}${value} of the shared ${c.kind}`;
}
