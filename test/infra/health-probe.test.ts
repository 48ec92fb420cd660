import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { contractById, synthSample } from './helpers';

/**
 * The health probe asks the deployed portal through CloudFront every 5 minutes, with a role that holds only its own
 * logs: the portal's own domain when it has one, the distribution's domain otherwise.
 */
const SAMPLE = [contractById('getHealth')];
type Resource = { Type: string; Properties: Record<string, unknown> };

const probeOf = (context: Record<string, unknown>) => {
  const synthesized = synthSample(SAMPLE, context);
  const jobs = Template.fromStack(synthesized.stacks.jobs);
  const [[id, fn] = []] = Object.entries(
    jobs.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^Health check') },
    }),
  ) as Array<[string, Resource]>;
  if (!id || !fn) throw new Error('no health probe function');
  return { synthesized, jobs, id, fn };
};

describe('health probe', () => {
  it("asks the distribution's domain without a custom domain, every 5 minutes, with nothing but its logs", () => {
    const { synthesized, jobs, id, fn } = probeOf({});
    const url = JSON.stringify(
      (fn.Properties.Environment as { Variables: { HEALTH_URL: unknown } }).Variables.HEALTH_URL,
    );
    expect(url).toContain('DomainName');
    expect(url).toContain('/api/v1/health/');
    // The web stack's distribution, exported to the jobs stack.
    expect(url).toContain(synthesized.stacks.web.stackName);
    jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } }),
    });
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const role = jobs.toJSON().Resources[roleId] as Resource;
    const statements = (
      role.Properties.Policies as Array<{ PolicyDocument: { Statement: Array<{ Action: unknown }> } }>
    )
      .flatMap((p) => p.PolicyDocument.Statement)
      .map((s) => s.Action);
    expect(statements).toEqual([['logs:CreateLogStream', 'logs:PutLogEvents']]);
  });

  it("asks the portal's own domain when it has one", () => {
    const { fn } = probeOf({
      domainName: 'portal.estudio-rojas.cl',
      certificateArn: 'arn:aws:acm:us-east-1:999988887777:certificate/abc-123',
    });
    expect((fn.Properties.Environment as { Variables: { HEALTH_URL: unknown } }).Variables.HEALTH_URL).toBe(
      'https://portal.estudio-rojas.cl/api/v1/health/',
    );
  });
});
