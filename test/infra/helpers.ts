import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { REPO_ROOT } from '../../infra/paths';
import type { Permissions } from '../../infra/permissions';
import { buildPortal, type PortalStacks } from '../../infra/portal';
import { contracts } from '../../shared/contracts';
import type { Contract } from '../../shared/contracts/define';

/** cdk.json's context (feature flags), so tests synthesize what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

export interface SynthOptions {
  contracts: readonly Contract[];
  context?: Record<string, unknown>;
  /** Skip esbuild (CDK's own `aws:cdk:bundling-stacks` switch): assets point at the sources, nothing is bundled. */
  skipBundling?: boolean;
  webDist?: string;
  /** Permission declarations for synthetic contracts (infra/permissions.ts's table by default). */
  permissions?: Readonly<Record<string, Permissions>>;
  /**
   * CDK's own CloudFormation rule checks (WASM, on by default in `cdk synth`). They cost about 20 s for 150
   * endpoints, so the large synthetic apps turn them off; cdk-nag runs either way.
   */
  builtinValidation?: boolean;
}

export interface Synthesized {
  app: App;
  stacks: PortalStacks;
  assembly: CloudAssembly;
  outdir: string;
}

/** Builds the portal in a fresh App with cdk.json's context and synthesizes it (cdk-nag runs; errors throw). */
export function synthPortal(options: SynthOptions): Synthesized {
  const outdir = mkdtempSync(path.join(tmpdir(), 'portal-cdk-'));
  // The CLI turns version reporting on (one AWS::CDK::Metadata resource per stack): count it as deployments will.
  const context: Record<string, unknown> = {
    ...cdkJsonContext(),
    'aws:cdk:version-reporting': true,
    ...options.context,
  };
  if (options.skipBundling) context['aws:cdk:bundling-stacks'] = [];
  const app = new App({ outdir, context, builtinCloudFormationValidation: options.builtinValidation ?? true });
  const stacks = buildPortal(app, {
    contracts: options.contracts,
    permissions: options.permissions,
    webDist: options.webDist ?? path.join(outdir, 'no-web-dist'),
  });
  const assembly = app.synth();
  return { app, stacks, assembly, outdir };
}

interface ValidationReport {
  pluginReports: Array<{
    pluginName: string;
    conclusion: string;
    violations: Array<{ ruleName: string; severity?: string; violatingConstructs?: Array<{ constructPath: string }> }>;
  }>;
}

/** Every violation the validation plugins (cdk-nag, CDK's own rules) left unacknowledged, as readable lines. */
export function unacknowledgedViolations(outdir: string): string[] {
  const report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.map(
      (v) =>
        `${plugin.pluginName} ${v.severity ?? ''} ${v.ruleName}: ${(v.violatingConstructs ?? []).map((c) => c.constructPath).join(', ')}`,
    ),
  );
}

/**
 * A synthetic contract table: `areas` maps a handler area to its number of contracts. Every contract points at one
 * real handler module (through `<area>/../<module>`), so NodejsFunction finds an entry while the area, which alone
 * decides the stack, varies.
 */
export function syntheticContracts(areas: Readonly<Record<string, number>>, handlerModule: string): Contract[] {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  let n = 0;
  return Object.entries(areas).flatMap(([area, count]) =>
    Array.from({ length: count }, (_, i): Contract => {
      n += 1;
      return {
        id: `synthetic${area.replace(/[^A-Za-z0-9]/g, '')}${i}`,
        method: methods[n % methods.length] as Contract['method'],
        path: `api/v1/${area}/item${i}/{uuid}/`,
        access: n % 7 === 0 ? 'public' : ['SUPER_ADMIN'],
        handler: `${area}/../${handlerModule}`,
        summary: `Synthetic endpoint ${n}`,
        response: z.object({}),
      };
    }),
  );
}

/** A declaration for each synthetic contract: reads for all, admin writes for every third, assets for every fifth. */
export function syntheticPermissions(contracts: readonly Contract[]): Record<string, Permissions> {
  return Object.fromEntries(
    contracts.map((contract, i): [string, Permissions] => [
      contract.id,
      {
        table: { read: 'query', ...(contract.access !== 'public' && i % 3 === 0 ? { write: 'any' as const } : {}) },
        ...(i % 5 === 0 ? { assets: ['GetObject' as const] } : {}),
      },
    ]),
  );
}

/** The inline policy statements of the role CDK made for one contract's function. */
export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string | string[]>>;
  Sid?: string;
}

interface TemplateJson {
  Resources: Record<string, { Properties: { Policies: Array<{ PolicyDocument: { Statement: Statement[] } }> } }>;
}
const templates = new WeakMap<object, TemplateJson>();

export function roleStatements(stacks: PortalStacks, contractId: string): Statement[] {
  const stack = stacks.apis.find((api) => api.endpoints.roles.has(contractId));
  const role = stack?.endpoints.roles.get(contractId);
  if (!stack || !role) throw new Error(`no role for ${contractId}`);
  const logicalId = stack.getLogicalId(role.node.defaultChild as never);
  let template = templates.get(stack);
  if (!template) {
    template = Template.fromStack(stack).toJSON() as TemplateJson;
    templates.set(stack, template);
  }
  const policies = template.Resources[logicalId]?.Properties.Policies ?? [];
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
}

export const actionsOf = (statement: Statement) =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** The contract of an id (a test names the few endpoints it synthesizes). */
export const contractById = (id: string) => contracts.find((c) => c.id === id) as Contract;

/** A small portal of these contracts in one account and region, unbundled, with this deployment context. */
export const synthSample = (sample: readonly Contract[], context: Record<string, unknown>) =>
  synthPortal({
    contracts: sample,
    skipBundling: true,
    builtinValidation: false,
    context: { account: '999988887777', region: 'sa-east-1', ...context },
  });

/** The environment variables of a contract's function, as synthesized. */
export function variablesOf(synthesized: Synthesized, contractId: string): Record<string, unknown> {
  const stack = synthesized.stacks.apis.find((api) => api.endpoints.functions.has(contractId));
  if (!stack) throw new Error(`no function for ${contractId}`);
  const fn = stack.endpoints.functions.get(contractId);
  const logicalId = stack.getLogicalId(fn?.node.defaultChild as never);
  const resource = Template.fromStack(stack).toJSON().Resources[logicalId];
  return resource.Properties.Environment.Variables as Record<string, unknown>;
}

/**
 * The statements of the policies attached beside `roleId`'s own (what CDK grants add), each checked to be only the
 * sending of failed events to one SQS queue of the stack (a dead-letter queue): anything else fails the test.
 */
export function expectOnlyDeadLetterGrants(template: Template, roleId: string): void {
  const resources = template.toJSON().Resources as Record<
    string,
    { Type: string; Properties: Record<string, unknown> }
  >;
  const attached = Object.values(resources).filter(
    (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`),
  );
  const statements = attached.flatMap(
    (p) =>
      (p.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement,
  );
  expect(statements.length).toBeGreaterThan(0);
  for (const statement of statements) {
    const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
    expect(actions.every((a) => ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'].includes(a))).toBe(
      true,
    );
    const target = (statement.Resource as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    expect(target?.[1]).toBe('Arn');
    expect(resources[target?.[0] ?? '']?.Type).toBe('AWS::SQS::Queue');
  }
}
