import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, type BucketProps, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/** What every bucket of the portal has: no public access, S3-managed encryption, TLS only (1.2+), retained. */
export function privateBucketProps(): BucketProps {
  return {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: RemovalPolicy.RETAIN,
  };
}

/**
 * A bucket that receives S3 server access logs (and, in the web stack, CloudFront's standard logs v2 under their own
 * prefix and lifecycle, constructs/web.ts). Logs expire after a year.
 */
export function accessLogsBucket(scope: Construct, id: string) {
  const bucket = new Bucket(scope, id, {
    ...privateBucketProps(),
    lifecycleRules: [{ expiration: Duration.days(365), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is the access-log bucket itself: logging its own accesses into itself would loop.',
  });
  return bucket;
}
