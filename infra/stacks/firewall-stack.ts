import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { alarmTopic, wafBlockedAlarm } from '../constructs/monitoring';
import { PortalWebAcl } from '../constructs/web-acl';

export interface FirewallStackProps extends StackProps {
  /** Where its alarm is mailed (`-c alarmEmail`): the main alarms topic is in the portal's region, not here. */
  alarmEmail?: string;
}

/**
 * The portal's WAF web ACL on its own, in us-east-1: CloudFront takes web ACLs from there only. The app adds it when
 * the portal is deployed to another region without `-c webAclArn`; the operator deploys it first and passes its
 * `WebAclArn` output to the other stacks (docs/deploy.md).
 */
export class FirewallStack extends Stack {
  readonly webAcl: PortalWebAcl;
  /** Its own encrypted alarms topic: an alarm acts only on a topic of its own region. */
  readonly topic: Topic;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: FirewallStackProps) {
    super(scope, id, props);
    this.webAcl = new PortalWebAcl(this, 'Firewall');
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.arn });
    this.topic = alarmTopic(this, props.alarmEmail);
    this.alarm = wafBlockedAlarm(this, this.topic, this.webAcl);
  }
}
