import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { PortalWebAcl } from '../constructs/web-acl';

/**
 * The portal's WAF web ACL on its own, in us-east-1: CloudFront takes web ACLs from there only. The app adds it when
 * the portal is deployed to another region without `-c webAclArn`; the operator deploys it first and passes its
 * `WebAclArn` output to the other stacks (docs/deploy.md).
 */
export class FirewallStack extends Stack {
  readonly webAcl: PortalWebAcl;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAcl = new PortalWebAcl(this, 'Firewall');
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.arn });
  }
}
