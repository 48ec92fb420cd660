import { AsyncLocalStorage } from 'node:async_hooks';
import type { AwsClient } from '../functions/lib/aws/aws-client';
import { type Permissions, permissionsOf } from '../infra/permissions';
import type { Contract } from '../shared/contracts/define';

/**
 * Local stack fidelity for IAM: each handler runs with its contract's permissions (infra/permissions.ts),
 * checked on the AWS clients it uses, the way its own role would check them in AWS. A call its role would refuse
 * fails here too (AccessDeniedException), so the integration tests exercise the declarations, the partition-key
 * prefixes of public functions included, which IAM alone would only reveal in AWS.
 */
/** Who is running: an endpoint's function (its contract's declaration) or a job with its own (the sweeper). */
interface Role {
  id: string;
  permissions: Permissions;
}
const running = new AsyncLocalStorage<Role>();

export function runAs<T>(contract: Contract, work: () => Promise<T>): Promise<T> {
  return running.run({ id: contract.id, permissions: permissionsOf(contract) }, work);
}

/** A job that is no endpoint, with the permissions its own role is built from (infra/permissions.ts). */
export function runAsJob<T>(id: string, permissions: Permissions, work: () => Promise<T>): Promise<T> {
  return running.run({ id, permissions }, work);
}

class AccessDenied extends Error {
  constructor(contract: Role, what: string) {
    super(`Local IAM emulation: ${contract.id} may not ${what} (declare it in infra/permissions.ts)`);
    this.name = 'AccessDeniedException';
  }
}

type Input = Record<string, unknown>;
const pkOf = (key: unknown): string => {
  const pk = (key as { pk?: unknown } | undefined)?.pk;
  return typeof pk === 'string' ? pk : '';
};

/** The item actions a DynamoDB operation asks for, each with the partition key it touches. */
function tableActions(operation: string, input: Input): Array<[string, string]> {
  switch (operation) {
    case 'GetItem':
      return [['GetItem', pkOf(input.Key)]];
    case 'PutItem':
      return [['PutItem', pkOf(input.Item)]];
    case 'UpdateItem':
      return [['UpdateItem', pkOf(input.Key)]];
    case 'DeleteItem':
      return [['DeleteItem', pkOf(input.Key)]];
    case 'TransactWriteItems':
      return ((input.TransactItems as Input[]) ?? []).map((item): [string, string] => {
        if (item.Put) return ['PutItem', pkOf((item.Put as Input).Item)];
        if (item.Update) return ['UpdateItem', pkOf((item.Update as Input).Key)];
        if (item.Delete) return ['DeleteItem', pkOf((item.Delete as Input).Key)];
        return ['ConditionCheckItem', pkOf((item.ConditionCheck as Input | undefined)?.Key)];
      });
    default:
      return [[operation, '']];
  }
}

function tableAllows(permissions: Permissions, action: string, pk: string): boolean {
  const { read, write } = permissions.table;
  if (['GetItem', 'BatchGetItem', 'Query'].includes(action)) {
    return read === 'query' || (action === 'GetItem' && read.get.some((prefix) => pk.startsWith(prefix)));
  }
  if (!['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'].includes(action)) return false;
  if (write === 'any') return true;
  return Object.entries(write ?? {}).some(
    ([prefix, actions]) => pk.startsWith(prefix) && (actions as readonly string[]).includes(action),
  );
}

/** Why the contract's role would refuse the call (`action` as IAM names it), or undefined when it allows it. */
function refusal(role: Role, service: Service, action: string, input: Input): string | undefined {
  const { permissions } = role;
  if (service === 'dynamodb') {
    const refused = tableActions(action, input).find(([item, pk]) => !tableAllows(permissions, item, pk));
    return refused ? `dynamodb:${refused[0]} on ${refused[1] || 'the table'}` : undefined;
  }
  if (service === 'cognito') {
    // Only Admin* calls are signed with the role's credentials; the others are authorized by the user's tokens.
    if (!action.startsWith('Admin')) return undefined;
    return (permissions.cognito as readonly string[] | undefined)?.includes(action)
      ? undefined
      : `cognito-idp:${action}`;
  }
  if (service === 's3') {
    // The documents bucket: HEAD is authorized as GetObject, a copy needs both GetObject and PutObject.
    if (input.Bucket !== undefined && input.Bucket === process.env.DOCUMENTS_BUCKET) {
      const needs =
        action === 'HeadObject' ? ['GetObject'] : action === 'CopyObject' ? ['GetObject', 'PutObject'] : [action];
      const declared = (permissions.documents as readonly string[] | undefined) ?? [];
      const missing = needs.find((a) => !declared.includes(a));
      return missing ? `s3:${missing} on the documents bucket` : undefined;
    }
    if (input.Bucket !== process.env.ASSETS_BUCKET) return `s3:${action} on ${String(input.Bucket)}`;
    return (permissions.assets as readonly string[] | undefined)?.includes(action) ? undefined : `s3:${action}`;
  }
  if (service === 'ses') return permissions.mail && action === 'SendEmail' ? undefined : `ses:${action}`;
  if (service === 'quicksight') return quickSightRefusal(permissions, action, input);
  if (service === 'ssm') return ssmRefusal(permissions, action, input);
  return `${service}:${action}`;
}

/**
 * What infra grants an `embedding` function (constructs/function-access.ts embeddingStatements), from the same
 * settings the function reads (functions/lib/embedding/config.ts): anonymous embed URLs in the configured account, of
 * dashboards within the configured id prefix, nothing when QuickSight is not configured.
 */
function quickSightRefusal(permissions: Permissions, action: string, input: Input): string | undefined {
  const account = process.env.QUICKSIGHT_ACCOUNT_ID;
  const prefix = process.env.QUICKSIGHT_DASHBOARD_PREFIX ?? '';
  const dashboards = ((input.AuthorizedResourceArns as string[] | undefined) ?? []).map(
    (arn) => arn.split(':dashboard/')[1] ?? '',
  );
  const granted = permissions.embedding && account && action === 'GenerateEmbedUrlForAnonymousUser';
  if (!granted || input.AwsAccountId !== account) return `quicksight:${action} in ${String(input.AwsAccountId)}`;
  const outside = dashboards.find((id) => !id.startsWith(prefix));
  return outside === undefined ? undefined : `quicksight:${action} on dashboard/${outside}`;
}

/** ssm:GetParameter on exactly the Power BI secret parameter, and only for an `embedding` function. */
function ssmRefusal(permissions: Permissions, action: string, input: Input): string | undefined {
  const secret = process.env.POWERBI_SECRET_PARAMETER;
  const granted = permissions.embedding && secret && action === 'GetParameter' && input.Name === secret;
  return granted ? undefined : `ssm:${action} on ${String(input.Name)}`;
}

interface MiddlewareClient {
  middlewareStack: {
    add: (
      middleware: (
        next: (args: { input: Input }) => Promise<unknown>,
        context: { commandName?: string },
      ) => (args: { input: Input }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ) => void;
  };
}

type Service = 'dynamodb' | 'cognito' | 's3' | 'ses' | 'quicksight' | 'ssm';

/** Throws AccessDenied when the running handler's role would refuse the call; outside a handler nothing is checked. */
function check(service: Service, action: string, input: Input): void {
  const contract = running.getStore();
  const refused = contract && refusal(contract, service, action, input);
  if (contract && refused) throw new AccessDenied(contract, refused);
}

/** Puts the check on an AWS SDK client (once per client). */
export function enforceOn(service: Exclude<Service, 'dynamodb'>, client: MiddlewareClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      check(service, (context.commandName ?? '').replace(/Command$/, ''), args.input);
      return next(args);
    },
    { step: 'initialize', name: 'portalLocalIamEmulation' },
  );
}

/** Puts the check on one of the functions' light clients, through its one hook (functions/lib/aws/aws-client.ts). */
export function enforceOnClient(service: Service, client: Pick<AwsClient, 'onSend'>): void {
  client.onSend((operation, input) => check(service, operation, input));
}

/** The check on the functions' DynamoDB client. */
export const enforceOnTable = (client: Pick<AwsClient, 'onSend'>) => enforceOnClient('dynamodb', client);

let installed = false;

/** Installs the checks on the handlers' shared AWS clients (the modules every handler imports). */
export async function installIamEmulation(): Promise<void> {
  if (installed) return;
  installed = true;
  const [{ dynamo }, { cognito }, { s3 }, { ses }] = await Promise.all([
    import('../functions/lib/aws/dynamo'),
    import('../functions/lib/aws/cognito'),
    import('../functions/lib/aws/s3'),
    import('../functions/lib/aws/ses'),
  ]);
  enforceOnTable(dynamo);
  enforceOnClient('cognito', cognito);
  enforceOnClient('s3', s3);
  enforceOnClient('ses', ses);
  // The embedding modules make their QuickSight and SSM clients lazily and keep them private: check every instance of
  // those client classes the first time it sends (the local stack configures neither, so calls are refused).
  const [{ QuickSightClient }, { SSMClient }] = await Promise.all([
    import('@aws-sdk/client-quicksight'),
    import('@aws-sdk/client-ssm'),
  ]);
  enforceOnEveryInstance('quicksight', QuickSightClient.prototype as unknown as SendingClient);
  enforceOnEveryInstance('ssm', SSMClient.prototype as unknown as SendingClient);
}

type SendingClient = MiddlewareClient & { send: (...args: unknown[]) => Promise<unknown> };

/** Adds the check to each instance of a client class before its first call. */
export function enforceOnEveryInstance(service: Exclude<Service, 'dynamodb'>, prototype: SendingClient): void {
  const send = prototype.send;
  const checked = new WeakSet<object>();
  prototype.send = function (this: SendingClient, ...args: unknown[]) {
    if (!checked.has(this)) {
      checked.add(this);
      enforceOn(service, this);
    }
    return send.apply(this, args);
  };
}
