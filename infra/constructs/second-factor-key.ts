import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The second factor's key (functions/lib/auth/second-factor-key.ts): generated text in Secrets Manager (encrypted
 * with KMS, never in the template nor in the table), read by the sign-in functions once per cold start, hashed to an
 * AES-256 key. Retained with the data it opens: losing it makes every enrolled TOTP secret unreadable.
 */
export class SecondFactorKey extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description:
        'Portal: the key that seals TOTP secrets and pending sign-ins (functions/lib/auth/second-factor-key.ts)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The key seals the TOTP secrets stored in the table: an automatic rotation would make them unreadable. ' +
        'Rotating means re-sealing every stored secret with the new key in one maintenance run (docs/deploy.md).',
    });
  }
}
