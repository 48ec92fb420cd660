import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions, RUNTIME_SDK_CLIENTS } from '../../infra/bundling';
import { EDGE_TENANT_ACTIONS } from '../../infra/constructs/function-access';
import { handlerEntry } from '../../infra/paths';
import { PERMISSIONS } from '../../infra/permissions';
import { contracts } from '../../shared/contracts';
import {
  actionsOf,
  contractById,
  roleStatements,
  type Synthesized,
  synthSample,
  unacknowledgedViolations,
  variablesOf,
} from './helpers';

/**
 * Firms' own domains (CloudFront SaaS Manager): a multi-tenant distribution with the same origins and behaviours as
 * the portal's, a connection group whose routing endpoint the firms' CNAMEs point at, and only the functions that
 * save a project or show its domain allowed to manage distribution tenants, and nothing more. Read from the
 * synthesized templates, cdk-nag included.
 */
const PROVISIONING = ['createProject', 'patchProject', 'deleteProject', 'getProjectDomain'];
const SAMPLE = [...PROVISIONING, 'getProject', 'listProjects'].map(contractById);

let synth: Synthesized;
let web: Template;
beforeAll(() => {
  synth = synthSample(SAMPLE, {});
  web = Template.fromStack(synth.stacks.web);
}, 120_000);

type Config = Record<string, unknown> & {
  Origins: unknown[];
  DefaultCacheBehavior: Record<string, unknown>;
  CacheBehaviors: Array<Record<string, unknown>>;
};
const distributions = () =>
  Object.values(web.findResources('AWS::CloudFront::Distribution')).map(
    (d) => d.Properties.DistributionConfig as Config,
  );

describe('the multi-tenant distribution', () => {
  it('is tenant-only, beside the portal distribution, which keeps its own domain', () => {
    const configs = distributions();
    expect(configs).toHaveLength(2);
    const tenantOnly = configs.filter((c) => c.ConnectionMode === 'tenant-only');
    expect(tenantOnly).toHaveLength(1);
    const [firms] = tenantOnly;
    // What a multi-tenant distribution may not carry: aliases, IPv6 and price class (the connection group's).
    expect(firms).not.toHaveProperty('Aliases');
    expect(firms).not.toHaveProperty('IPV6Enabled');
    expect(firms).not.toHaveProperty('PriceClass');
    const portal = configs.find((c) => c.ConnectionMode === undefined);
    expect(portal?.PriceClass).toBe('PriceClass_All');
  });

  it('serves the same origins, behaviours, functions, headers and firewall as the portal distribution', () => {
    const [a, b] = distributions();
    const shape = (c: Config | undefined) => {
      const {
        ConnectionMode: _m,
        IPV6Enabled: _i,
        PriceClass: _p,
        Comment: _c,
        Origins,
        ...rest
      } = c ?? ({} as Config);
      // Origin ids and access controls are per distribution; what they point at is the same.
      const origins = (Origins as Array<Record<string, unknown>>).map(
        ({ Id: _id, OriginAccessControlId: _oac, ...o }) => o,
      );
      return JSON.parse(
        JSON.stringify({ ...rest, origins }).replace(/"TargetOriginId":"[^"]+"/g, '"TargetOriginId":"x"'),
      );
    };
    expect(shape(a)).toEqual(shape(b));
    expect(a?.CacheBehaviors.map((cb) => cb.PathPattern)).toEqual(['/api/*']);
  });

  it('has a connection group, whose routing endpoint is an output', () => {
    web.hasResourceProperties('AWS::CloudFront::ConnectionGroup', { Enabled: true, Ipv6Enabled: true });
    const outputs = JSON.stringify(web.toJSON().Outputs);
    expect(outputs).toContain('RoutingEndpoint');
  });
});

describe('who may manage distribution tenants', () => {
  const edgeStatements = (id: string) =>
    roleStatements(synth.stacks, id).filter((s) => actionsOf(s).some((a) => a.startsWith('cloudfront:')));

  it('is declared for exactly the functions that save a project or show its domain', () => {
    const declared = Object.entries(PERMISSIONS)
      .filter(([, p]) => p.edge)
      .map(([id]) => id)
      .sort();
    expect(declared).toEqual([...PROVISIONING].sort());
  });

  it('and exactly those functions can reach CloudFront (its client, from the runtime, in their bundles only)', async () => {
    expect(RUNTIME_SDK_CLIENTS).toContain('@aws-sdk/client-cloudfront');
    const handlers = [...new Set(contracts.map((c) => c.handler))];
    const { entryPoints: _e, outfile: _o, ...options } = esbuildOptions('', '');
    const result = await build({
      ...options,
      entryPoints: Object.fromEntries(handlers.map((handler) => [handler, handlerEntry(handler)])),
      outdir: '/virtual-out',
      write: false,
      metafile: false,
      logLevel: 'error',
    });
    const reaching = result.outputFiles
      .filter((file) => file.text.includes('@aws-sdk/client-cloudfront'))
      .map((file) => file.path.replace(/^.*\/virtual-out\//, '').replace(/\.js$/, ''));
    const declaring = contracts.filter((c) => PERMISSIONS[c.id]?.edge).map((c) => c.handler);
    expect(reaching.sort()).toEqual(declaring.sort());
  }, 120_000);

  it.each(PROVISIONING)('%s: the tenant calls only, on the distribution, its connection group and tenants', (id) => {
    const statements = edgeStatements(id);
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(actionsOf(statement as never).sort()).toEqual([...EDGE_TENANT_ACTIONS].sort());
    const resources = JSON.stringify(statement?.Resource);
    expect(resources).toContain('distribution-tenant/*');
    expect(resources).toContain('FirmsDistribution');
    expect(resources).toContain('FirmDomains');
    // Never the portal's own distribution, never every distribution.
    expect(resources).not.toMatch(/:distribution\/\*/);
    const variables = variablesOf(synth, id);
    expect(
      Object.keys(variables)
        .filter((v) => v.startsWith('EDGE_'))
        .sort(),
    ).toEqual(['EDGE_CONNECTION_GROUP_ID', 'EDGE_DISTRIBUTION_ID', 'EDGE_ROUTING_ENDPOINT']);
  });

  it.each(['getProject', 'listProjects'])('%s: no CloudFront access and no edge settings', (id) => {
    expect(edgeStatements(id)).toEqual([]);
    expect(Object.keys(variablesOf(synth, id)).filter((v) => v.startsWith('EDGE_'))).toEqual([]);
  });

  it('leaves no cdk-nag finding unacknowledged', () => {
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});

describe('uploads from firms\u2019 domains', () => {
  it('the buckets of presigned uploads and downloads answer any HTTPS origin, with the methods presigned calls use', () => {
    const stateful = Template.fromStack(synth.stacks.stateful);
    const rules = Object.values(stateful.findResources('AWS::S3::Bucket'))
      .filter((b) => b.Properties.CorsConfiguration)
      .map((b) => b.Properties.CorsConfiguration.CorsRules);
    expect(rules).toHaveLength(2);
    for (const [rule] of rules) {
      expect(rule.AllowedOrigins).toEqual(['https://*']);
      expect(rule.AllowedMethods).toEqual(['GET', 'PUT', 'HEAD', 'POST']);
    }
  });
});
