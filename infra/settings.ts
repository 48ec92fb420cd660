import type { Node } from 'constructs';

/**
 * Deployment settings, read from CDK context (`-c key=value` or cdk.json). Every one has a default so that
 * `cdk synth` works offline with none given; docs/deploy.md says which to set for a real deployment.
 */
export interface PortalSettings {
  /** Prefix of every stack name, so several copies (staging, production) can live in one account. */
  prefix: string;
  /** Sender of every e-mail (SES identity and MAIL_FROM). */
  senderEmail: string;
  /** Custom domain of the portal (CloudFront alternate name), with its ACM certificate in us-east-1. */
  domainName?: string;
  certificateArn?: string;
  /** ARN of an existing WAF web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  webAclArn?: string;
  /** Public origin of the portal, used in e-mail links (PORTAL_URL) and S3 CORS. */
  portalUrl: string;
  /** True when portalUrl is the placeholder, i.e. neither domainName nor portalUrl was given. */
  portalUrlIsPlaceholder: boolean;
  account?: string;
  region?: string;
}

export const PLACEHOLDER_SENDER = 'no-reply@example.com';
export const PLACEHOLDER_PORTAL_URL = 'https://portal.example.invalid';

const CERTIFICATE_ARN = /^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;

export function readSettings(node: Node, env: NodeJS.ProcessEnv = process.env): PortalSettings {
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    return String(value).trim();
  };

  const domainName = text('domainName')?.toLowerCase();
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context domainName and certificateArn go together: give both or neither.');
  }
  if (certificateArn && !CERTIFICATE_ARN.test(certificateArn)) {
    throw new Error(
      `certificateArn must be an ACM certificate in us-east-1 (CloudFront needs it there): ${certificateArn}`,
    );
  }
  if (domainName && !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domainName)) {
    throw new Error(`domainName must be a host name such as portal.example.com: ${domainName}`);
  }

  const senderEmail = text('senderEmail') ?? PLACEHOLDER_SENDER;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(senderEmail)) throw new Error(`senderEmail is not an e-mail: ${senderEmail}`);

  const explicitUrl = text('portalUrl')?.replace(/\/+$/, '');
  if (explicitUrl && !/^https:\/\/[^/]+$/.test(explicitUrl)) {
    throw new Error(`portalUrl must be an https origin without a path: ${explicitUrl}`);
  }
  const portalUrl = domainName ? `https://${domainName}` : (explicitUrl ?? PLACEHOLDER_PORTAL_URL);

  const webAclArn = text('webAclArn');
  if (webAclArn && !/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn)) {
    throw new Error(`webAclArn must be a CLOUDFRONT-scope WAFv2 web ACL ARN (us-east-1, global): ${webAclArn}`);
  }

  const prefix = text('prefix') ?? 'Portal';
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(prefix)) throw new Error(`prefix must be alphanumeric: ${prefix}`);

  return {
    prefix,
    senderEmail,
    domainName,
    certificateArn,
    webAclArn,
    portalUrl,
    portalUrlIsPlaceholder: !domainName && !explicitUrl,
    account: text('account') ?? env.CDK_DEFAULT_ACCOUNT,
    region: text('region') ?? env.CDK_DEFAULT_REGION,
  };
}
