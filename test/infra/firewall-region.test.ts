import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { contractById, synthPortal } from './helpers';

/**
 * CloudFront takes web ACLs from us-east-1 only. Deployed to another region without `-c webAclArn`, the app adds a
 * firewall stack there (deployed first, docs/deploy.md) whose output is the ARN to pass; the web stack still refuses
 * to deploy outside us-east-1 without one. In us-east-1, or with an ARN given, there is no such stack.
 */
const SAMPLE = [contractById('getUserInfo')];
const portalIn = (context: Record<string, unknown>) =>
  synthPortal({
    contracts: SAMPLE,
    skipBundling: true,
    builtinValidation: false,
    context: { account: '999988887777', ...context },
  }).stacks;
const ACL_ARN = 'arn:aws:wafv2:us-east-1:999988887777:global/webacl/portal/abc';

describe('the web ACL outside us-east-1', () => {
  it('gets a stack of its own in us-east-1, whose output is the ARN the web stack takes', () => {
    const stacks = portalIn({ region: 'sa-east-1' });
    const firewall = stacks.firewall;
    if (!firewall) throw new Error('no firewall stack in sa-east-1');
    expect([firewall.stackName, firewall.region, firewall.account]).toEqual([
      'PortalFirewall',
      'us-east-1',
      '999988887777',
    ]);
    expect(stacks.all).toContain(firewall);
    const template = Template.fromStack(firewall);
    template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    template.hasOutput('WebAclArn', { Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
    // The web stack (in sa-east-1) still makes its own and carries the rule that refuses the region.
    const web = Template.fromStack(stacks.web).toJSON();
    expect(Object.values<{ Type: string }>(web.Resources).map((r) => r.Type)).toContain('AWS::WAFv2::WebACL');
    expect(JSON.stringify(web.Rules)).toContain('us-east-1');
  });

  it('is not made in us-east-1, nor when an ARN is given', () => {
    expect(portalIn({ region: 'us-east-1' }).firewall).toBeUndefined();
    const given = portalIn({ region: 'sa-east-1', webAclArn: ACL_ARN });
    expect(given.firewall).toBeUndefined();
    const web = Template.fromStack(given.web).toJSON();
    expect(Object.values<{ Type: string }>(web.Resources).map((r) => r.Type)).not.toContain('AWS::WAFv2::WebACL');
    expect(JSON.stringify(web)).toContain(ACL_ARN);
  });
});
