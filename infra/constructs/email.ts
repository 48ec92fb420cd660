import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  /** The sender of every mail; SES sends a verification link to it on the first deployment. */
  senderEmail: string;
}

/** SES: the sender identity (its default configuration set applies to every mail) and the configuration set. */
export class Email extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly senderEmail: string;

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.identity = new EmailIdentity(this, 'Sender', {
      identity: Identity.email(props.senderEmail),
      configurationSet: this.configurationSet,
    });
  }
}
