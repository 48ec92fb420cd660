import { CfnOutput, Fn } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  MailFromBehaviorOnMxFailure,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/**
 * What the configuration set publishes to the events topic: what went wrong with a mail (bounces, complaints, rejects,
 * delays, templates that failed to render) and each delivery (a few thousand a month: cents of SNS and Lambda), so
 * support can say whether an invitation arrived.
 */
export const SES_PUBLISHED_EVENTS = [
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
  EmailSendingEvent.DELIVERY_DELAY,
  EmailSendingEvent.RENDERING_FAILURE,
  EmailSendingEvent.DELIVERY,
];

export interface EmailProps {
  /**
   * The sender of every mail. Its domain becomes a verified SES domain identity with Easy DKIM; absent, the deployment
   * has no sender and the functions are told mail is not configured (infra/portal.ts warns at synth).
   */
  senderEmail?: string;
}

/** The subdomain of the sender's domain that SES uses as MAIL FROM (bounces), so SPF aligns with the sender. */
export const MAIL_FROM_SUBDOMAIN = 'bounce';

/** A DNS record the operator creates at the sender domain's zone, as the stack outputs it. */
export interface DnsRecord {
  name: string;
  type: 'CNAME' | 'MX' | 'TXT';
  value: string;
}

/**
 * SES: the configuration set (suppression, TLS, reputation) and, with a sender, its domain identity: Easy DKIM (three
 * CNAMEs), a MAIL FROM subdomain (MX and SPF TXT) and the records, as stack outputs to copy into the domain's DNS.
 */
export class Email extends Construct {
  readonly identity?: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  /** SES's events of every mail sent through the configuration set (functions/external/ses-events.ts reads them). */
  readonly events: Topic;
  readonly senderEmail?: string;
  readonly senderDomain?: string;
  /** What the sender's domain needs in DNS (docs/deploy.md, "Mail"): DKIM, MAIL FROM's MX and SPF, DMARC. */
  readonly dnsRecords: DnsRecord[] = [];

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    // A key of our own: SES must be let to encrypt what it publishes (the AWS-managed SNS key lets no service).
    const key = new Key(this, 'EventsKey', { enableKeyRotation: true, description: 'Portal: the SES events topic' });
    key.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.events = new Topic(this, 'Events', { displayName: 'Portal SES events', masterKey: key, enforceSSL: true });
    this.configurationSet.addEventDestination('ToTopic', {
      destination: EventDestination.snsTopic(this.events),
      events: SES_PUBLISHED_EVENTS,
    });
    if (!props.senderEmail) return;

    this.senderEmail = props.senderEmail;
    const domain = senderDomainOf(props.senderEmail);
    this.senderDomain = domain;
    const mailFrom = `${MAIL_FROM_SUBDOMAIN}.${domain}`;
    this.identity = new EmailIdentity(this, 'Sender', {
      identity: Identity.domain(domain),
      configurationSet: this.configurationSet,
      mailFromDomain: mailFrom,
      // Until the MX exists SES bounces through amazonses.com rather than refusing to send.
      mailFromBehaviorOnMxFailure: MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
    });
    const region = Fn.ref('AWS::Region');
    this.dnsRecords.push(
      ...this.identity.dkimRecords.map((record) => ({
        name: record.name,
        type: 'CNAME' as const,
        value: record.value,
      })),
      { name: mailFrom, type: 'MX', value: Fn.join('', ['10 feedback-smtp.', region, '.amazonses.com']) },
      { name: mailFrom, type: 'TXT', value: '"v=spf1 include:amazonses.com ~all"' },
      // A start that only reports; the operator tightens it to quarantine once the reports are clean.
      { name: `_dmarc.${domain}`, type: 'TXT', value: '"v=DMARC1; p=none;"' },
    );
    this.dnsRecords.forEach((record, index) => {
      const output = index < 3 ? `MailDkim${index + 1}` : ['MailFromMx', 'MailFromSpf', 'MailDmarc'][index - 3];
      new CfnOutput(this, output as string, {
        description: `DNS record of the mail domain ${domain}: create it, then SES verifies the domain (docs/deploy.md).`,
        value: Fn.join(' ', [record.name, record.type, record.value]),
      });
    });
  }
}

/** The domain part of an address, lower-cased: what SES verifies and signs for. */
export function senderDomainOf(email: string): string {
  return (email.split('@')[1] ?? '').toLowerCase();
}
