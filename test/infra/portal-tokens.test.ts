import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, portalTokensOf } from '../../infra/permissions';
import { contracts } from '../../shared/contracts';
import {
  actionsOf,
  contractById,
  roleStatements,
  type Synthesized,
  synthSample,
  unacknowledgedViolations,
  variablesOf,
} from './helpers';

/**
 * The portal's own tokens (functions/lib/auth/portal-tokens.ts): an asymmetric KMS signing key in the stateful stack;
 * kms:Sign only for the functions that issue or renew them, kms:GetPublicKey for every function that verifies an
 * access token, each on exactly that key and told its ARN; none for a public function that reads no token.
 */
const SIGNERS = ['postTokenRefresh', 'postSecondFactor', 'microsoftSignInCallback', 'postPasskeySignIn'];
const VERIFIERS = ['getUser', 'postSessionLogout'];
const NEITHER = ['postToken'];
let synth: Synthesized;
beforeAll(() => {
  synth = synthSample([...SIGNERS, ...VERIFIERS, ...NEITHER].map(contractById), {});
});

describe('the portal token key', () => {
  it('is an RSA 2048 signing key of the stateful stack, retained, cdk-nag clean', () => {
    const template = Template.fromStack(synth.stacks.stateful);
    const keys = template.findResources('AWS::KMS::Key', {
      Properties: { KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' },
    });
    expect(Object.values(keys)).toHaveLength(1);
    expect(Object.values(keys)[0]).toMatchObject({ DeletionPolicy: 'Retain' });
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });

  it('only the signers declare Sign; every protected contract verifies', () => {
    const signers = contracts.filter((c) => portalTokensOf(c, permissionsOf(c)).portalTokens?.includes('Sign'));
    expect(signers.map((c) => c.id).sort()).toEqual([...SIGNERS].sort());
    for (const contract of contracts.filter((c) => c.access !== 'public')) {
      expect(portalTokensOf(contract, permissionsOf(contract)).portalTokens).toEqual(['GetPublicKey']);
    }
  });

  it.each([...SIGNERS.map((id) => [id, 'kms:Sign']), ...VERIFIERS.map((id) => [id, 'kms:GetPublicKey'])])(
    '%s may call %s on exactly that key and is told its ARN',
    (id, action) => {
      const grants = roleStatements(synth.stacks, id).filter((s) => s.Sid === 'PortalTokenKey');
      expect(grants).toHaveLength(1);
      expect(actionsOf(grants[0] as never)).toEqual([action]);
      const resource = JSON.stringify(grants[0]?.Resource);
      expect(resource).toMatch(/PortalTokenKey/);
      expect(resource).not.toContain('*');
      expect(JSON.stringify(variablesOf(synth, id).PORTAL_TOKEN_KEY_ID)).toMatch(/PortalTokenKey/);
    },
  );

  it.each(NEITHER)('%s gets neither a grant nor the ARN', (id) => {
    const actions = roleStatements(synth.stacks, id).flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('kms:'))).toEqual([]);
    expect(variablesOf(synth, id).PORTAL_TOKEN_KEY_ID).toBeUndefined();
  });
});
