import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { Web } from '../constructs/web';

export interface WebStackProps extends StackProps {
  apiHost: string;
  presignedBuckets: IBucket[];
  domainName?: string;
  certificateArn?: string;
  webAclArn?: string;
  /** Region of the configured QuickSight account: its embedding origin joins the CSP's frame-src. */
  quickSightRegion?: string;
  originSecret: ISecret;
  webDist: string;
}

/** CloudFront in front of the SPA bucket and the HTTP API. */
export class WebStack extends Stack {
  readonly web: Web;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.web = new Web(this, 'Web', props);
    new CfnOutput(this, 'PortalUrl', {
      value: props.domainName
        ? `https://${props.domainName}`
        : `https://${this.web.distribution.distributionDomainName}`,
    });
  }
}
