import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { setCredentialProvider } from '../functions/lib/aws/aws-client';

/**
 * Maintenance scripts (README.md, "Maintenance") sign as the shell's AWS identity, as the AWS CLI would: after the
 * environment's keys, the SDK's own Node chain: AWS_PROFILE or the default profile, IAM Identity Center (SSO)
 * sessions, credential_process, web identity, then a container or instance role. The functions never load it: in
 * Lambda the role's keys are in the environment, and their bundles stay without the SDK.
 */
export function signAsShell(): void {
  setCredentialProvider(defaultProvider());
}
