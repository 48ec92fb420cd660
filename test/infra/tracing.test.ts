import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME } from '../../infra/constructs/api';
import { contractById, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * Every function of the portal (its endpoints and its jobs) runs with X-Ray active tracing, and may write traces
 * through a policy of its own, whose `*` (X-Ray's actions take no resource) is the only one acknowledged for it.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
let synthesized: Synthesized;
let resources: Array<[string, Resource]>;

beforeAll(() => {
  synthesized = synthPortal({
    contracts: [contractById('getUserInfo'), contractById('postToken')],
    skipBundling: true,
    builtinValidation: false,
  });
  resources = synthesized.stacks.all.flatMap((stack) =>
    Object.entries(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>),
  );
});

describe('tracing', () => {
  it('every function of the portal is traced (the CDK helpers on other runtimes are not ours)', () => {
    const ours = resources.filter(
      ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === LAMBDA_RUNTIME.name,
    );
    // Two endpoints, the indicators refresh, the sweeper, the digest, the health probe, the ledger import, the mail
    // queue's worker and the SES events' handler.
    expect(ours.length).toBe(9);
    for (const [id, fn] of ours)
      expect({ id, tracing: fn.Properties.TracingConfig }).toEqual({ id, tracing: { Mode: 'Active' } });
  });

  it('each may write traces and nothing else through its tracing policy', () => {
    const policies = resources.filter(([id, r]) => r.Type === 'AWS::IAM::Policy' && id.includes('Tracing'));
    expect(policies.length).toBe(9);
    for (const [, policy] of policies) {
      const document = policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> };
      expect(document.Statement).toEqual([
        { Effect: 'Allow', Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Resource: '*' },
      ]);
    }
  });

  it('cdk-nag finds nothing unacknowledged', () => {
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });
});
