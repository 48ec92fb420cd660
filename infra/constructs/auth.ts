import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccountRecovery, FeaturePlan, Mfa, UserPool, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { AUTH_DESIGN } from '../../functions/lib/data/table-design';

/**
 * Identities. The portal creates users itself (AdminCreateUser, user name = the portal's user uuid, e-mail as an
 * attribute) and sends its own invitation and password mails through SES, so there is no self sign-up, no Cognito
 * mail and no Cognito account recovery. Password policy and token lifetimes come from AUTH_DESIGN, as locally.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      standardAttributes: { email: { required: false, mutable: true } },
      passwordPolicy: {
        minLength: AUTH_DESIGN.passwordMinLength,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Users sign in through the portal API (AdminInitiateAuth, ADMIN_USER_PASSWORD_AUTH) as the spec defines it, ' +
        'with no second factor; ' +
        'MFA would need a challenge step in the API and the SPA that the spec does not have. Brute force is limited ' +
        'by the per-e-mail login throttle in the API.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'Essentials tier: the Plus tier (threat protection) is billed per active user; the API throttles failed ' +
        'sign-ins per e-mail itself and logs every session. Revisit if adaptive authentication is required.',
    });

    this.userPoolClient = this.userPool.addClient('ApiClient', {
      generateSecret: false,
      // Passwords reach Cognito only through the API: the admin flow needs IAM credentials, which only the
      // sign-in function's role holds (infra/permissions.ts), so the public client id alone cannot try a password and
      // skip the API's sign-in lock. CDK adds ALLOW_REFRESH_TOKEN_AUTH to any list of flows.
      authFlows: { adminUserPassword: true },
      disableOAuth: true,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(AUTH_DESIGN.accessTokenMinutes),
      idTokenValidity: Duration.minutes(AUTH_DESIGN.accessTokenMinutes),
      refreshTokenValidity: Duration.hours(AUTH_DESIGN.refreshTokenHours),
    });
  }
}
