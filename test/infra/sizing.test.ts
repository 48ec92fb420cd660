import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkContracts, MAX_ROUTES_PER_STACK, RESOURCES_PER_ROUTE, STACK_OVERHEAD } from '../../infra/api-chunks';
import { routeKey as httpApiRouteKey } from '../../shared/contracts/define';
import { type Synthesized, syntheticContracts, synthPortal, unacknowledgedViolations } from './helpers';

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
  synth = synthPortal({ contracts: fake, skipBundling: true, builtinValidation: false, webDist });
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

  it('keep every stack under 400 resources, as the chunk rule computes', () => {
    expect(MAX_ROUTES_PER_STACK * RESOURCES_PER_ROUTE + STACK_OVERHEAD).toBeLessThan(MAX_RESOURCES);
    for (const stack of synth.stacks.all) {
      const resources = Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;
      expect(resources, stack.stackName).toBeLessThan(MAX_RESOURCES);
    }
    for (const stack of synth.stacks.apis) {
      const routes = stack.endpoints.functions.size;
      const resources = Object.keys(Template.fromStack(stack).toJSON().Resources).length;
      expect(resources, stack.stackName).toBe(routes * RESOURCES_PER_ROUTE + STACK_OVERHEAD);
    }
  });

  it('route every contract exactly once', () => {
    const keys = synth.stacks.apis.flatMap((stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::ApiGatewayV2::Route')).map(
        (route) => route.Properties.RouteKey as string,
      ),
    );
    expect(keys.sort()).toEqual(fake.map((c) => httpApiRouteKey(c)).sort());
  });

  it('keep the shared role policy small (one log-group ARN per function, well under the 10 KB inline limit)', () => {
    for (const stack of synth.stacks.apis) {
      const policies = Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'));
      expect(policies).toHaveLength(1);
      // A resolved log group ARN is about 130 characters; the statement wrapper about 150.
      const estimate = 150 + stack.endpoints.functions.size * 130;
      expect(estimate).toBeLessThan(10_240);
    }
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
