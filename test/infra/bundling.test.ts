import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaOf } from '../../infra/api-chunks';
import { BUNDLE_BANNER, FILE_BUNDLE_SIZE_BUDGET_KB } from '../../infra/bundling';
import { contracts } from '../../shared/contracts';
import { type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * A real `cdk synth` with real esbuild bundling, on a sample of the contract table (one contract from each of the
 * first areas): CDK bundles every function through its own esbuild process, about a second each, so the whole
 * table is left to `npm run synth` and the bench.
 */
const SAMPLE_AREAS = 2;
const sample = [...new Map(contracts.map((c) => [areaOf(c), c])).values()].slice(0, SAMPLE_AREAS);
let synth: Synthesized;

beforeAll(() => {
  synth = synthPortal({ contracts: sample });
});

describe('bundled synth', () => {
  it('synthesizes with cdk-nag and no unacknowledged finding', () => {
    expect(sample.length).toBeGreaterThan(0);
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });

  it('bundles each function as minified ESM with the createRequire banner, no source map, no unused SDK parts', () => {
    const bundles = readdirSync(synth.outdir)
      .filter((name) => name.startsWith('asset.'))
      .filter((dir) => readdirSync(path.join(synth.outdir, dir)).includes('index.mjs'));
    // The sample's handlers, plus the scheduled indicators job (issue 13) that every portal has.
    expect(bundles).toHaveLength(new Set([...sample.map((c) => c.handler), 'indicators/refresh']).size);
    for (const dir of bundles) {
      const files = readdirSync(path.join(synth.outdir, dir));
      expect(files).toEqual(['index.mjs']);
      const file = path.join(synth.outdir, dir, 'index.mjs');
      const code = readFileSync(file, 'utf8');
      expect(code.startsWith(BUNDLE_BANNER)).toBe(true);
      expect(code).not.toContain('sourceMappingURL');
      // Minified: long lines (only template literals and legal comments keep their line breaks).
      expect(code.length / code.split('\n').length).toBeGreaterThan(500);
      expect(statSync(file).size).toBeGreaterThan(10_000);
      // Credentials come from the environment only: the SDK's chain (SSO, ini files, credential_process, web
      // identity, container and instance credentials) is left out, and so are event streams (issue 9).
      expect(code).toContain('Unable to find environment variable credentials.');
      expect(code).not.toMatch(/sso_start_url|credential_process|web_identity_token_file/);
      expect(code).toContain('AWS SDK event streams are not bundled (infra/bundling.ts)');
      // What a function of the sample weighs (infra/bundling.ts budgets; the bench measures them all).
      expect(statSync(file).size).toBeLessThan(FILE_BUNDLE_SIZE_BUDGET_KB * 1024);
    }
  });

  it('points each function at its bundle', () => {
    for (const stack of synth.stacks.apis) {
      const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
      for (const fn of Object.values(functions)) {
        expect(fn.Properties.Handler).toBe('index.handler');
        expect(fn.Properties.Code.S3Key).toMatch(/^[0-9a-f]{64}\.zip$/);
      }
    }
  });
});
