import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME } from '../../infra/constructs/api';
import { contractById, type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';

/**
 * Every function of the portal (its endpoints and its jobs) runs with X-Ray active tracing, and may write traces
 * through its stack's tracing policy, whose `*` (X-Ray's actions take no resource) is acknowledged there alone.
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
    // queue's worker, the SES events' handler and the two request jobs.
    expect(ours.length).toBe(11);
    for (const [id, fn] of ours)
      expect({ id, tracing: fn.Properties.TracingConfig }).toEqual({ id, tracing: { Mode: 'Active' } });
  });

  it('each may write traces through the tracing policy of its stack, which allows nothing else', () => {
    const policies = resources.filter(([, r]) => r.Type === 'AWS::IAM::ManagedPolicy');
    const tracing = new Set(policies.filter(([id]) => id.startsWith('TracingPolicy')).map(([id]) => id));
    for (const [id] of policies.filter(([policyId]) => tracing.has(policyId))) {
      const policy = policies.find(([policyId]) => policyId === id)?.[1] as Resource;
      const document = policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> };
      expect(document.Statement).toEqual([
        { Effect: 'Allow', Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Resource: '*' },
      ]);
    }
    const roles = resources.filter(([, r]) => r.Type === 'AWS::IAM::Role');
    const traced = roles.filter(([, role]) =>
      JSON.stringify(role.Properties.ManagedPolicyArns ?? []).includes('"TracingPolicy'),
    );
    // Each function's role (the eleven above) and no other.
    expect(traced.length).toBe(11);
  });

  it('cdk-nag finds nothing unacknowledged', () => {
    expect(unacknowledgedViolations(synthesized.outdir)).toEqual([]);
  });
});
