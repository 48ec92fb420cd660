import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkContracts, MAX_ROUTES_PER_STACK, RESOURCES_PER_ROUTE, STACK_OVERHEAD } from '../../infra/api-chunks';
import { routeKey as httpApiRouteKey } from '../../shared/contracts/define';
import {
  type Synthesized,
  syntheticContracts,
  syntheticPermissions,
  synthPortal,
  unacknowledgedViolations,
} from './helpers';

/** The bar each stack must stay under (CloudFormation's hard limit is 500). */
const MAX_RESOURCES = 400;

/**
 * 150 synthetic contracts in areas of very different sizes, bundling skipped (CDK's `aws:cdk:bundling-stacks`
 * switch), and a built SPA in a temp folder so the BucketDeployment (and its cdk-nag findings) are in the app too.
 */
const AREAS = { projects: 61, users: 41, documents: 30, reports: 12, tickets: 5, health: 1 };
const fake = syntheticContracts(AREAS, 'health/get-health');
let synth: Synthesized;

beforeAll(() => {
  const webDist = path.join(process.env.TMPDIR ?? '/tmp', `portal-web-dist-${process.pid}`);
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  synth = synthPortal({
    contracts: fake,
    permissions: syntheticPermissions(fake),
    skipBundling: true,
    builtinValidation: false,
    webDist,
  });
});

describe('150 contracts', () => {
  it('are split by area into stacks of at most MAX_ROUTES_PER_STACK routes', () => {
    expect(fake).toHaveLength(150);
    const chunks = chunkContracts(fake);
    expect(chunks.map((c) => [c.name, c.contracts.length])).toEqual([
      ['Documents', 30],
      ['Health', 1],
      ['Projects', 31],
      ['Projects2', 30],
      ['Reports', 12],
      ['Tickets', 5],
      ['Users', 21],
      ['Users2', 20],
    ]);
    expect(synth.stacks.apis.map((s) => s.stackName)).toEqual(chunks.map((c) => `PortalApi${c.name}`));
  });

  it('keep every synthesized stack under 400 resources, and each API stack at what api-chunks.ts says', () => {
    for (const stack of synth.stacks.all) {
      const resources = Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;
      expect(resources, stack.stackName).toBeLessThan(MAX_RESOURCES);
    }
    for (const stack of synth.stacks.apis) {
      const template = Template.fromStack(stack);
      const routes = stack.endpoints.functions.size;
      expect(routes).toBeLessThanOrEqual(MAX_ROUTES_PER_STACK);
      const byType = new Map<string, number>();
      for (const resource of Object.values(template.toJSON().Resources as Record<string, { Type: string }>)) {
        byType.set(resource.Type, (byType.get(resource.Type) ?? 0) + 1);
      }
      expect(Object.fromEntries(byType), stack.stackName).toEqual({
        'AWS::Lambda::Function': routes,
        'AWS::IAM::Role': routes,
        'AWS::Logs::LogGroup': routes,
        'AWS::ApiGatewayV2::Route': routes,
        'AWS::ApiGatewayV2::Integration': routes,
        'AWS::Lambda::Permission': routes,
        'AWS::CDK::Metadata': 1,
        'AWS::IAM::ManagedPolicy': 1,
      });
      expect(byType.size).toBe(RESOURCES_PER_ROUTE + STACK_OVERHEAD);
    }
    // The largest area fills its stacks to the limit: 61 routes in two stacks of 31 and 30.
    const largest = Math.max(...synth.stacks.apis.map((s) => s.endpoints.functions.size));
    const largestResources = Math.max(
      ...synth.stacks.apis.map((s) => Object.keys(Template.fromStack(s).toJSON().Resources).length),
    );
    expect(largestResources).toBe(largest * RESOURCES_PER_ROUTE + STACK_OVERHEAD);
  });

  it('route every contract exactly once', () => {
    const keys = synth.stacks.apis.flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::ApiGatewayV2::Route')).map(
        (route) => route.Properties.RouteKey as string,
      ),
    );
    expect(keys.sort()).toEqual(fake.map((c) => httpApiRouteKey(c)).sort());
  });

  it('keep each role policy far under the 10,240-character limit of inline role policies (as synthesized)', () => {
    let largest = 0;
    for (const stack of synth.stacks.apis) {
      const roles = Template.fromStack(stack).findResources('AWS::IAM::Role');
      expect(Object.keys(roles)).toHaveLength(stack.endpoints.functions.size);
      for (const role of Object.values(roles)) {
        // IAM counts the policy as stored, without whitespace; intrinsics resolve to ARNs of similar length.
        const size = JSON.stringify(role.Properties.Policies).length;
        largest = Math.max(largest, size);
      }
    }
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(10_240 / 2);
  });

  it('deploy the SPA when a build exists, and pass cdk-nag with it', () => {
    expect(synth.stacks.web.web.deployed).toBe(true);
    const template = Template.fromStack(synth.stacks.web);
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: true,
      Exclude: ['assets/*'],
      DistributionPaths: ['/', '/index.html'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    // The site asset holds index.html (and public/ files) but not the hashed assets.
    const siteAsset = readdirSync(synth.outdir).find((dir) => existsSync(path.join(synth.outdir, dir, 'index.html')));
    expect(siteAsset).toBeDefined();
    expect(existsSync(path.join(synth.outdir, siteAsset as string, 'assets'))).toBe(false);
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });
});

describe('chunkContracts', () => {
  it('refuses duplicate ids and duplicate routes (a trailing slash does not make a route different)', () => {
    const [a, b] = syntheticContracts({ users: 2 }, 'health/get-health');
    if (!a || !b) throw new Error('two contracts expected');
    expect(() => chunkContracts([a, { ...b, id: a.id }])).toThrow(/Duplicate contract id/);
    expect(() => chunkContracts([a, { ...b, method: a.method, path: a.path.replace(/\/$/, '') }])).toThrow(
      /Duplicate route/,
    );
  });

  it('does not move contracts of other areas when one area grows', () => {
    const before = chunkContracts(syntheticContracts({ users: 10, documents: 10 }, 'health/get-health'));
    const after = chunkContracts(syntheticContracts({ users: 10, documents: 45 }, 'health/get-health'));
    const users = (chunks: typeof before) => chunks.find((c) => c.name === 'Users')?.contracts.map((c) => c.id);
    expect(users(after)).toEqual(users(before));
  });
});
