import {
  AlreadyExistsException,
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dkimRecordsOf, localIdentities, sesIdentities, statusOf } from './mail-identity';
import { MAIL_IDENTITY_TAG_KEY } from './mail-identity-tag';

/**
 * The SES identity calls of a firm's mail domain. aws-ses-v2-local has no identities, so the SDK client is mocked here;
 * what it receives and how its answers are read is what is checked. (The table side: test/integration/mail-identity.)
 */
const ses = mockClient(SESv2Client);
const TOKENS = ['aaa111', 'bbb222', 'ccc333'];
const ours = [{ Key: MAIL_IDENTITY_TAG_KEY, Value: 'PortalData' }];

beforeEach(() => {
  ses.reset();
  vi.stubEnv('MAIL_IDENTITY_TAG', 'PortalData');
  vi.stubEnv('MAIL_CONFIGURATION_SET', 'portal-mail');
});
afterEach(() => vi.unstubAllEnvs());

const conflict = () => new AlreadyExistsException({ message: 'exists', $metadata: {} });
const missing = () => new NotFoundException({ message: 'missing', $metadata: {} });

describe('create', () => {
  it("asks for the domain in the deployment's configuration set with its tag, and answers Easy DKIM's records", async () => {
    ses.on(CreateEmailIdentityCommand).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: false,
      DkimAttributes: { Status: 'PENDING', Tokens: TOKENS },
    });
    const state = await sesIdentities.create('clientes.andes.cl');
    expect(ses.commandCalls(CreateEmailIdentityCommand).map((c) => c.args[0].input)).toEqual([
      {
        EmailIdentity: 'clientes.andes.cl',
        ConfigurationSetName: 'portal-mail',
        Tags: [{ Key: MAIL_IDENTITY_TAG_KEY, Value: 'PortalData' }],
      },
    ]);
    expect(state).toEqual({
      status: 'PENDING',
      ours: true,
      dnsRecords: TOKENS.map((t) => ({
        name: `${t}._domainkey.clientes.andes.cl`,
        type: 'CNAME',
        value: `${t}.dkim.amazonses.com`,
      })),
    });
  });

  it('adopts an identity that exists: as its own when it carries the tag, as a stranger otherwise', async () => {
    ses.on(CreateEmailIdentityCommand).rejects(conflict());
    ses
      .on(GetEmailIdentityCommand)
      .resolvesOnce({
        VerifiedForSendingStatus: true,
        DkimAttributes: { Status: 'SUCCESS', Tokens: TOKENS },
        Tags: ours,
      })
      .resolves({
        VerifiedForSendingStatus: false,
        DkimAttributes: { Status: 'PENDING', Tokens: TOKENS },
        Tags: [{ Key: MAIL_IDENTITY_TAG_KEY, Value: 'StagingData' }],
      });
    expect(await sesIdentities.create('a.cl')).toMatchObject({ status: 'VERIFIED', ours: true });
    expect(await sesIdentities.create('a.cl')).toMatchObject({ status: 'PENDING', ours: false });
  });

  it('lets any other error through (the project endpoint answers it)', async () => {
    ses.on(CreateEmailIdentityCommand).rejects(new Error('throttled'));
    await expect(sesIdentities.create('a.cl')).rejects.toThrow('throttled');
  });
});

describe('read and remove', () => {
  it('reads the status and the records; an identity deleted outside the portal reads as none', async () => {
    ses.on(GetEmailIdentityCommand, { EmailIdentity: 'a.cl' }).resolves({
      VerifiedForSendingStatus: false,
      DkimAttributes: { Status: 'FAILED', Tokens: TOKENS },
    });
    ses.on(GetEmailIdentityCommand, { EmailIdentity: 'gone.cl' }).rejects(missing());
    expect(await sesIdentities.read('a.cl')).toMatchObject({ status: 'FAILED', ours: false });
    expect(await sesIdentities.read('gone.cl')).toBeUndefined();
  });

  it('deletes by name; one already gone is fine, another error is not', async () => {
    ses.on(DeleteEmailIdentityCommand, { EmailIdentity: 'a.cl' }).resolves({});
    ses.on(DeleteEmailIdentityCommand, { EmailIdentity: 'gone.cl' }).rejects(missing());
    ses.on(DeleteEmailIdentityCommand, { EmailIdentity: 'denied.cl' }).rejects(new Error('AccessDenied'));
    await sesIdentities.remove('a.cl');
    await sesIdentities.remove('gone.cl');
    await expect(sesIdentities.remove('denied.cl')).rejects.toThrow('AccessDenied');
    expect(ses.commandCalls(DeleteEmailIdentityCommand).map((c) => c.args[0].input.EmailIdentity)).toEqual([
      'a.cl',
      'gone.cl',
      'denied.cl',
    ]);
  });
});

describe('statusOf', () => {
  it.each([
    [{ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' as const } }, 'VERIFIED'],
    [{ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'SUCCESS' as const } }, 'PENDING'],
    [{ DkimAttributes: { Status: 'NOT_STARTED' as const } }, 'PENDING'],
    [{ DkimAttributes: { Status: 'PENDING' as const } }, 'PENDING'],
    [{ DkimAttributes: { Status: 'FAILED' as const } }, 'FAILED'],
    [{ DkimAttributes: { Status: 'TEMPORARY_FAILURE' as const } }, 'TEMPORARY_FAILURE'],
    [{ VerificationStatus: 'FAILED' as const }, 'FAILED'],
    [{}, 'PENDING'],
  ])('%j is %s', (answer, status) => {
    expect(statusOf(answer)).toBe(status);
  });
});

describe('the local stand-in', () => {
  it('gives the same records for a domain every time and stays pending, calling no SES', async () => {
    const first = await localIdentities.create('clientes.andes.cl');
    expect(first.status).toBe('PENDING');
    expect(first.dnsRecords).toHaveLength(3);
    expect(await localIdentities.read('clientes.andes.cl')).toEqual(first);
    expect(first.dnsRecords).toEqual(
      dkimRecordsOf(
        'clientes.andes.cl',
        first.dnsRecords.map((r) => r.name.split('.')[0] as string),
      ),
    );
    expect(ses.calls()).toHaveLength(0);
  });
});
