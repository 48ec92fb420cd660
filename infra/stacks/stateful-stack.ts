import { CfnOutput, Fn, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { LEDGER_UPLOAD_ROOT } from '../../functions/lib/accounting/import-upload';
import type { Backend } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Email } from '../constructs/email';
import { SES_IDENTITIES } from '../constructs/function-access';
import { MailQueue } from '../constructs/mail-queue';
import { PortalTokenKey } from '../constructs/portal-token-key';
import { SecondFactorKey } from '../constructs/second-factor-key';
import { Storage } from '../constructs/storage';

export interface StatefulStackProps extends StackProps {
  senderEmail?: string;
  /** The portal's Entra ID app registration (infra/settings.ts microsoftClientId). */
  microsoftClientId?: string;
  portalUrl: string;
}

/**
 * Everything that holds data or identities: the table, the buckets, the user pool, the SES identity and its events
 * topic, and the backups of the table and documents (infra/portal.ts adds them). All retained on deletion; they change rarely, so the API stacks, which change with every endpoint, deploy apart from them.
 */
export class StatefulStack extends Stack {
  readonly data: Data;
  readonly storage: Storage;
  readonly auth: Auth;
  readonly email: Email;
  readonly mailQueue: MailQueue;
  readonly secondFactorKey: SecondFactorKey;
  readonly portalTokenKey: PortalTokenKey;
  readonly microsoftSecret: Secret;
  readonly backend: Backend;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    this.data = new Data(this, 'Data');
    this.storage = new Storage(this, 'Storage');
    this.auth = new Auth(this, 'Auth');
    this.email = new Email(this, 'Email', { senderEmail: props.senderEmail });
    // CSV imports' invitation mails wait here and go at the SES rate (constructs/mail-queue.ts).
    this.mailQueue = new MailQueue(this, 'MailQueue');
    // The key that seals TOTP secrets and pending sign-ins, outside the table (constructs/second-factor-key.ts).
    this.secondFactorKey = new SecondFactorKey(this, 'SecondFactorKey');
    // The signing key of the portal's own tokens (Microsoft sign-in, passkeys) (constructs/portal-token-key.ts).
    this.portalTokenKey = new PortalTokenKey(this, 'PortalTokenKey');
    // The client secret of the portal's Entra ID app: Entra ID issues it, the operator puts it here (docs/deploy.md).
    this.microsoftSecret = new Secret(this, 'MicrosoftClientSecret', {
      description: 'Portal: the client secret of the Entra ID app registration for Microsoft sign-in (docs/deploy.md)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.microsoftSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Entra ID issues the client secret: rotating it is a new secret in the app registration put here with ' +
        'put-secret-value before the old one expires (docs/deploy.md, "Microsoft sign-in").',
    });

    // The assets bucket's ARN goes to the API stacks through a named export, so the `<bucket>/*` resource in their
    // roles resolves to a name known at construction (cdk-nag acknowledgments spell it; an implicit export's is hashed).
    const assetsArnExport = `${this.stackName}-AssetsBucketArn`;
    new CfnOutput(this, 'AssetsBucketArn', { value: this.storage.assetsBucket.bucketArn, exportName: assetsArnExport });
    // The same for the documents bucket (uploads, downloads and deletes of documents).
    const documentsArnExport = `${this.stackName}-DocumentsBucketArn`;
    new CfnOutput(this, 'DocumentsBucketArn', {
      value: this.storage.documentsBucket.bucketArn,
      exportName: documentsArnExport,
    });

    // What the API functions reach; each function's role grants only its share (infra/permissions.ts).
    this.backend = {
      assetsObjectsArn: Fn.join('', [Fn.importValue(assetsArnExport), '/*']),
      documentsObjectsArn: Fn.join('', [Fn.importValue(documentsArnExport), '/*']),
      ledgerUploadsArn: Fn.join('', [Fn.importValue(documentsArnExport), `/${LEDGER_UPLOAD_ROOT}*`]),
      table: this.data.table,
      tableIndexArns: this.data.indexArns(),
      documentsBucket: this.storage.documentsBucket,
      assetsBucket: this.storage.assetsBucket,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      mailResources: [
        // Firms' domains are verified at run time (functions/lib/mail-identity.ts): their names are not known here.
        SES_IDENTITIES,
        this.formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: this.email.configurationSet.configurationSetName,
        }),
      ],
      senderEmail: props.senderEmail,
      configurationSetName: this.email.configurationSet.configurationSetName,
      mailIdentityTag: this.stackName,
      portalUrl: props.portalUrl,
      mailQueue: this.mailQueue.queue,
      secondFactorSecret: this.secondFactorKey.secret,
      portalTokenKey: this.portalTokenKey.key,
      microsoftSecret: this.microsoftSecret,
      microsoftClientId: props.microsoftClientId,
    };

    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    // With TableName, PortalUrl and the region: what `npm run admin:create` needs (docs/deploy.md, "First administrator").
    if (props.senderEmail) new CfnOutput(this, 'MailFrom', { value: props.senderEmail });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.storage.documentsBucket.bucketName });
    new CfnOutput(this, 'AssetsBucketName', { value: this.storage.assetsBucket.bucketName });
  }
}
