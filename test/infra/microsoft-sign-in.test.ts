import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../infra/permissions';
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
 * Microsoft sign-in (functions/lib/auth/microsoft.ts): the Entra ID app's client secret in Secrets Manager (the data
 * stack, retained, no value in the template), read only by the two Microsoft functions, each granted GetSecretValue on
 * exactly it and told its ARN and the app's client id (the `microsoftClientId` setting); no other function reaches it.
 */
const CLIENT_ID = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const READERS = ['startMicrosoftSignIn', 'microsoftSignInCallback'];
let synth: Synthesized;
beforeAll(() => {
  synth = synthSample([...READERS, 'postToken', 'getUser'].map(contractById), { microsoftClientId: CLIENT_ID });
});

describe('Microsoft sign-in in AWS', () => {
  it('keeps the client secret in a retained secret of the data stack, cdk-nag clean', () => {
    const template = Template.fromStack(synth.stacks.stateful);
    const secrets = Object.values(
      template.findResources('AWS::SecretsManager::Secret', {
        Properties: {
          Description:
            'Portal: the client secret of the Entra ID app registration for Microsoft sign-in (docs/deploy.md)',
        },
      }),
    );
    expect(secrets).toHaveLength(1);
    expect(secrets[0]).toMatchObject({ DeletionPolicy: 'Retain' });
    expect(secrets[0]?.Properties).not.toHaveProperty('SecretString');
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });

  it('only the two Microsoft functions declare it', () => {
    expect(
      contracts
        .filter((c) => permissionsOf(c).microsoft)
        .map((c) => c.id)
        .sort(),
    ).toEqual([...READERS].sort());
  });

  it.each(READERS)('%s reads exactly that secret and is told its ARN and the client id', (id) => {
    const grants = roleStatements(synth.stacks, id).filter((s) => s.Sid === 'MicrosoftClientSecret');
    expect(grants).toHaveLength(1);
    expect(actionsOf(grants[0] as never)).toEqual(['secretsmanager:GetSecretValue']);
    expect(JSON.stringify(grants[0]?.Resource)).toMatch(/MicrosoftClientSecret/);
    const variables = variablesOf(synth, id);
    expect(JSON.stringify(variables.MICROSOFT_SECRET_ARN)).toMatch(/MicrosoftClientSecret/);
    expect(variables.MICROSOFT_CLIENT_ID).toBe(CLIENT_ID);
    // The local stand-in's switches never reach AWS.
    expect(variables.LOCAL_MICROSOFT_CLIENT_SECRET).toBeUndefined();
    expect(variables.LOCAL_MICROSOFT_STAND_IN).toBeUndefined();
  });

  it.each(['postToken', 'getUser'])('%s gets neither the grant nor the settings', (id) => {
    expect(JSON.stringify(roleStatements(synth.stacks, id))).not.toMatch(/MicrosoftClientSecret/);
    expect(variablesOf(synth, id).MICROSOFT_SECRET_ARN).toBeUndefined();
    expect(variablesOf(synth, id).MICROSOFT_CLIENT_ID).toBeUndefined();
  });
});
