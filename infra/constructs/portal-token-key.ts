import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/**
 * The signing key of the portal's own tokens (functions/lib/auth/portal-tokens.ts: the sessions of Microsoft sign-in
 * and passkeys, which Cognito cannot mint): an asymmetric KMS key, RSA 2048 for signing, whose private half never
 * leaves KMS. The signers get kms:Sign on it, every function that verifies an access token kms:GetPublicKey
 * (infra/permissions.ts portalTokens). Losing it only ends those sessions (an hour's tokens), but it is kept with the
 * stateful resources so a redeploy of the API stacks never changes it under live sessions.
 */
export class PortalTokenKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: 'Portal: signs the portal-issued access tokens (functions/lib/auth/portal-tokens.ts)',
      keySpec: KeySpec.RSA_2048,
      keyUsage: KeyUsage.SIGN_VERIFY,
      enableKeyRotation: false,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.key).acknowledge({
      id: 'AwsSolutions-KMS5',
      reason:
        'KMS rotates only symmetric keys; this is an asymmetric signing key. Rotating it is a new key and a ' +
        'redeploy: tokens it signed last an hour at most (docs/deploy.md).',
    });
  }
}
