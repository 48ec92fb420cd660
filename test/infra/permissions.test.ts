import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf } from '../../infra/permissions';
import { contracts } from '../../shared/contracts';
import {
  commandsByHandler,
  EMBEDDING_COMMANDS,
  isCognitoAdminCommand,
  isOtherQuickSightOrSsmCommand,
  MAIL_COMMANDS,
  MAIL_IDENTITY_COMMANDS,
  S3_OBJECT_COMMANDS,
  TABLE_WRITE_COMMANDS,
} from './handler-calls';
import { actionsOf, roleStatements, type Statement, type Synthesized, synthPortal } from './helpers';

/**
 * Least privilege, proved on the synthesized templates of the real contract table: one role per function,
 * holding what its contract declares and nothing else; and the declarations proved against the handlers' bundles.
 */
let synth: Synthesized;
let calls: Map<string, Set<string>>;

beforeAll(async () => {
  synth = synthPortal({ contracts, skipBundling: true, builtinValidation: false });
  calls = await commandsByHandler([...new Set(contracts.map((c) => c.handler))]);
});

const TABLE_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
/**
 * Partitions of admin data: entities, their uniqueness markers, the industries list, invitations. (Audit trails are
 * append-only: a public function may PutItem a new audit entry, e.g. a refused sign-in, but never update or delete.)
 */
const ADMIN_PARTITIONS = [
  'PROJECT#',
  'GROUP#',
  'SOCIETY#',
  'INDUSTRIES',
  'INVITATION#',
  'UNIQUE#PORTAL_URL#',
  'UNIQUE#PROJECT_NAME#',
  'UNIQUE#GROUP_NAME#',
  'UNIQUE#RUT#',
  'UNIQUE#INDUSTRY#',
];
/** The public contracts that complete an invitation: its link's registration, and a Microsoft sign-in's. */
const REGISTERING = ['registerInvitation', 'microsoftSignInCallback'];
const REGISTRATION_ADMIN_WRITES: Record<string, string[]> = {
  'INVITATION#': ['DeleteItem'],
  'PROJECT#': ['UpdateItem'],
  'GROUP#': ['UpdateItem'],
  'SOCIETY#': ['UpdateItem'],
};
const leadingKeysOf = (statement: Statement) => {
  const keys = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
  return keys === undefined ? undefined : Array.isArray(keys) ? keys : [keys];
};
const statementsWith = (statements: Statement[], prefix: string) =>
  statements.filter((s) => s.Effect === 'Allow' && actionsOf(s).some((a) => a.startsWith(prefix)));

describe('declarations', () => {
  it('every contract has one, and every one names a contract', () => {
    expect(contracts.length).toBeGreaterThan(50);
    const missing = contracts.filter((c) => !Object.hasOwn(PERMISSIONS, c.id)).map((c) => c.id);
    expect(missing).toEqual([]);
    const ids = new Set(contracts.map((c) => c.id));
    expect(Object.keys(PERMISSIONS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('a contract without one cannot be synthesized', () => {
    expect(() => permissionsOf({ id: 'newEndpoint' })).toThrow(/declares no AWS permissions/);
  });

  it('public contracts write only under named partition prefixes, none of them admin data but member lists', () => {
    const publics = contracts.filter((c) => c.access === 'public');
    expect(publics.length).toBeGreaterThan(5);
    for (const contract of publics) {
      const write = permissionsOf(contract).table.write;
      expect(write, contract.id).not.toBe('any');
      for (const [prefix, actions] of Object.entries(write ?? {})) {
        if (prefix.startsWith('AUDIT#')) expect(actions, `${contract.id} ${prefix}`).toEqual(['PutItem']);
        const admin = ADMIN_PARTITIONS.some((p) => prefix.startsWith(p) || p.startsWith(prefix));
        if (!admin) continue;
        // Registration by invitation (by its link, or by a Microsoft sign-in of the invited address) consumes its own
        // invitation and appends the new user to the invited project/group/society member lists (UpdateItem only); no
        // other public contract touches admin partitions.
        expect(REGISTERING.includes(contract.id), `${contract.id} ${prefix}`).toBe(true);
        expect(actions, `${contract.id} ${prefix}`).toEqual(REGISTRATION_ADMIN_WRITES[prefix]);
      }
    }
  });
});

describe('declarations match what each handler can call (its bundle)', () => {
  it.each(contracts.map((c) => [c.id, c] as const))('%s', (_, contract) => {
    const sent = calls.get(contract.handler);
    expect(sent, contract.handler).toBeDefined();
    const commands = [...(sent ?? [])];
    const declared = permissionsOf(contract);
    expect(commands.filter(isCognitoAdminCommand).sort(), 'Cognito admin calls').toEqual(
      [...(declared.cognito ?? [])].sort(),
    );
    expect(
      commands.some((c) => MAIL_COMMANDS.includes(c)),
      'sends mail',
    ).toBe(Boolean(declared.mail));
    // A firm's mail domain: the identity calls only where mailIdentities is declared (create, read and delete together).
    expect(commands.filter((c) => MAIL_IDENTITY_COMMANDS.includes(c)).sort(), 'mail identity calls').toEqual(
      declared.mailIdentities ? [...MAIL_IDENTITY_COMMANDS].sort() : [],
    );
    // S3 object commands of either bucket, as the IAM actions they need (HEAD is GetObject, a copy both).
    const s3Actions = new Set(
      commands
        .filter((c) => S3_OBJECT_COMMANDS.includes(c))
        .flatMap((c) => (c === 'HeadObject' ? ['GetObject'] : c === 'CopyObject' ? ['GetObject', 'PutObject'] : [c])),
    );
    expect([...s3Actions].sort(), 'object calls').toEqual(
      [...new Set([...(declared.assets ?? []), ...(declared.documents ?? [])])].sort(),
    );
    expect(
      commands.some((c) => TABLE_WRITE_COMMANDS.includes(c)),
      'writes the table',
    ).toBe(declared.table.write !== undefined);
    // QuickSight embed URLs and the Power BI secret only where `embedding` is declared, and exactly the
    // calls infra grants it (constructs/function-access.ts embeddingStatements).
    const embedding = commands.filter((c) => EMBEDDING_COMMANDS.includes(c)).sort();
    expect(embedding, 'embedding calls').toEqual(
      declared.embedding ? ['GenerateEmbedUrlForAnonymousUser', 'GetParameter'] : [],
    );
    expect(commands.filter(isOtherQuickSightOrSsmCommand), 'other QuickSight or SSM calls').toEqual([]);
    // Only a function declaring the mail queue can enqueue (sqs:SendMessage on the queue alone).
    expect(commands.includes('SendMessageBatch'), 'enqueues mail').toBe(Boolean(declared.mailQueue));
    // The second factor's key (Secrets Manager) only where `secondFactorKey` is declared.
    expect(commands.includes('GetSecretValue'), 'reads the second factor key').toBe(Boolean(declared.secondFactorKey));
  });

  it("a firm's mail domain module can send exactly the identity calls mailIdentities grants, and no mail", async () => {
    const module = (await commandsByHandler(['lib/mail-identity'])).get('lib/mail-identity');
    const sent = [...(module ?? [])];
    expect(sent.filter((c) => MAIL_IDENTITY_COMMANDS.includes(c)).sort()).toEqual([...MAIL_IDENTITY_COMMANDS].sort());
    expect(sent.filter((c) => MAIL_COMMANDS.includes(c))).toEqual([]);
  });

  it('only the report viewer embeds (functions/lib/embedding)', () => {
    const embedders = contracts.filter((c) => permissionsOf(c).embedding).map((c) => c.id);
    expect(embedders).toEqual(['getReport']);
  });

  it('the health check sends a GetItem and no control-plane call', () => {
    const health = calls.get('health/get-health');
    expect(health?.has('Get')).toBe(true);
    expect(health?.has('DescribeTable')).toBe(false);
  });
});

describe('synthesized roles', () => {
  it('one role per function, each used by that function only', () => {
    for (const stack of synth.stacks.apis) {
      expect(stack.endpoints.roles.size).toBe(stack.endpoints.functions.size);
      for (const [id, fn] of stack.endpoints.functions) expect(fn.role).toBe(stack.endpoints.roles.get(id));
    }
    const roles = synth.stacks.apis.flatMap((s) => [...s.endpoints.roles.values()]);
    expect(new Set(roles).size).toBe(contracts.length);
  });

  it.each(contracts.map((c) => [c.id, c] as const))('%s holds only what it declares', (_, contract) => {
    const declared = permissionsOf(contract);
    const statements = roleStatements(synth.stacks, contract.id);
    const actions = statements.flatMap(actionsOf);
    expect(statements.every((s) => s.Effect === 'Allow')).toBe(true);
    // Never a wildcard action, a Scan, a control-plane call, or the documents bucket.
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions).not.toContain('dynamodb:DescribeTable');
    // The documents bucket only for the functions that declare it.
    if (!declared.documents?.length) expect(JSON.stringify(statements)).not.toMatch(/Documents/);

    // Table writes on the whole table only where declared 'any'; otherwise under partition-key conditions.
    for (const statement of statementsWith(statements, 'dynamodb:')) {
      const writes = actionsOf(statement).filter((a) => TABLE_WRITES.includes(a));
      if (writes.length === 0) continue;
      if (declared.table.write === 'any') continue;
      expect(leadingKeysOf(statement), `${contract.id} ${writes}`).toBeDefined();
      if (contract.access === 'public' && !REGISTERING.includes(contract.id)) {
        for (const key of leadingKeysOf(statement) ?? []) {
          expect(
            ADMIN_PARTITIONS.some((p) => key.startsWith(p)),
            `${contract.id} writes ${key}`,
          ).toBe(false);
        }
      }
    }
    if (declared.table.write === undefined) {
      expect(actions.filter((a) => TABLE_WRITES.includes(a) || a === 'dynamodb:ConditionCheckItem')).toEqual([]);
    }

    const cognito = actions.filter((a) => a.startsWith('cognito-idp:')).map((a) => a.replace('cognito-idp:', ''));
    expect(cognito.sort()).toEqual([...(declared.cognito ?? [])].sort());
    const s3 = actions.filter((a) => a.startsWith('s3:')).map((a) => a.replace('s3:', ''));
    expect(s3.sort()).toEqual([...(declared.assets ?? []), ...(declared.documents ?? [])].sort());
    expect(actions.includes('ses:SendEmail')).toBe(Boolean(declared.mail));
    // Without embedding context (this synth has none), no function may reach QuickSight or SSM, getReport included.
    expect(actions.filter((a) => a.startsWith('quicksight:') || a.startsWith('ssm:'))).toEqual([]);
  });

  it('public functions have no admin write and no Cognito action beyond their declaration', () => {
    for (const contract of contracts.filter((c) => c.access === 'public')) {
      const statements = roleStatements(synth.stacks, contract.id);
      const unconditioned = statementsWith(statements, 'dynamodb:').filter(
        (s) => actionsOf(s).some((a) => TABLE_WRITES.includes(a)) && !leadingKeysOf(s),
      );
      expect(unconditioned, contract.id).toEqual([]);
      const cognito = statements.flatMap(actionsOf).filter((a) => a.startsWith('cognito-idp:'));
      // Registration creates (and on failure deletes) its identity; the e-mail link mirrors the confirmed address.
      const allowed: Record<string, string[]> = {
        registerInvitation: ['cognito-idp:AdminDeleteUser'],
        microsoftSignInCallback: ['cognito-idp:AdminDeleteUser'],
        confirmEmailChange: ['cognito-idp:AdminUpdateUserAttributes'],
      };
      for (const action of ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUpdateUserAttributes']) {
        if (!allowed[contract.id]?.includes(action)) expect(cognito, contract.id).not.toContain(action);
      }
    }
  });

  it('the health check may only GetItem its own key', () => {
    const statements = roleStatements(synth.stacks, 'getHealth').filter((s) => s.Sid !== 'Logs');
    expect(statements).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['HEALTH*'] } },
      }),
    ]);
  });

  it('sign-in keeps only its throttle, session, security-log and last-sign-in writes', () => {
    const writes = roleStatements(synth.stacks, 'postToken').filter((s) =>
      actionsOf(s).some((a) => TABLE_WRITES.includes(a)),
    );
    expect(writes.map((s) => [actionsOf(s), leadingKeysOf(s)])).toEqual([
      [['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], ['THROTTLE#*']],
      [['dynamodb:PutItem'], ['EMAIL#*', 'SECOND_FACTOR_CHALLENGE#*', 'SESSION#*']],
      [['dynamodb:PutItem', 'dynamodb:UpdateItem'], ['USER#*']],
    ]);
  });
});
