import { Duration } from 'aws-cdk-lib';
import { Bucket, type CfnBucket, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { accessLogsBucket, privateBucketProps } from './buckets';

export interface StorageProps {
  /** The portal's public origin: browsers upload and download straight from S3 through presigned URLs. */
  portalOrigins: string[];
}

/**
 * Documents (the tenants' files) and branding assets (logos, icons): private, versioned, TLS only, S3-managed
 * encryption, server access logs into a log bucket, and CORS for presigned uploads and downloads from the portal.
 */
export class Storage extends Construct {
  readonly documentsBucket: Bucket;
  readonly assetsBucket: Bucket;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
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
            allowedOrigins: props.portalOrigins,
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
