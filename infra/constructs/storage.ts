import { Duration } from 'aws-cdk-lib';
import { Bucket, type CfnBucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { accessLogsBucket, privateBucketProps } from './buckets';

/**
 * Who may read S3's answers to presigned requests: any HTTPS page, so uploads and downloads work on the portal's
 * domain and on every firm's own domain, whenever it is added, with no redeploy. This opens nothing: a presigned POST
 * or GET is refused without its signature (bucket, key, size range, type and expiry are signed), S3 uses no cookies
 * (nothing is sent on the viewer's behalf), and CORS only lets a page read an answer a plain form or link could
 * already get. The bucket stays private.
 */
export const PRESIGNED_CORS_ORIGINS = ['https://*'];

/**
 * Documents (the tenants' files) and branding assets (logos, icons): private, versioned, TLS only, S3-managed
 * encryption, server access logs into a log bucket, and CORS for presigned uploads and downloads from the portal's and
 * the firms' domains.
 */
export class Storage extends Construct {
  readonly documentsBucket: Bucket;
  readonly assetsBucket: Bucket;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.accessLogsBucket = accessLogsBucket(this, 'AccessLogs');

    const dataBucket = (name: string, logPrefix: string) =>
      new Bucket(this, name, {
        ...privateBucketProps(),
        versioned: true,
        serverAccessLogsBucket: this.accessLogsBucket,
        serverAccessLogsPrefix: logPrefix,
        cors: [
          {
            allowedOrigins: PRESIGNED_CORS_ORIGINS,
            allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.HEAD, HttpMethods.POST],
            allowedHeaders: ['*'],
            exposedHeaders: ['ETag'],
            maxAge: 3000,
          },
        ],
        lifecycleRules: [
          { noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) },
        ],
      });

    this.documentsBucket = dataBucket('Documents', 'documents/');
    // Object events go to EventBridge, where the large ledger import job's rule listens (jobs stack). Set on
    // the bucket itself, not with enableEventBridgeNotification(), which adds CDK's notifications custom resource
    // (a Lambda with a managed policy and a wildcard that cdk-nag refuses). Do not add addEventNotification() here:
    // that custom resource would then own this bucket's notification configuration.
    (this.documentsBucket.node.defaultChild as CfnBucket).notificationConfiguration = {
      eventBridgeConfiguration: { eventBridgeEnabled: true },
    };
    // A direct upload that was never confirmed stays under uploads/ (the confirm call copies it into place).
    this.documentsBucket.addLifecycleRule({
      id: 'UnconfirmedUploads',
      prefix: 'uploads/',
      expiration: Duration.days(1),
    });
    this.assetsBucket = dataBucket('Assets', 'assets/');
  }
}
