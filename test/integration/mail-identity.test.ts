import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import type { MailIdentityStatus } from '../../functions/lib/data/mail-identities';
import type { IdentityApi, IdentityState } from '../../functions/lib/mail-identity';
import { mailDomainView } from '../../shared/contracts/mail-domain';
import { tableAccess } from '../helpers/db';

/**
 * A firm's mail domain kept beside its project in the table (functions/lib/mail-identity.ts), against the local
 * DynamoDB. SES identities have no local server: SES's side is the local stand-in, wrapped to record what was asked and
 * to answer as SES would later (verified, gone, someone else's); the SDK calls themselves are proved in
 * functions/lib/mail-identity.test.ts.
 */
let identity: typeof import('../../functions/lib/mail-identity');
let data: typeof import('../../functions/lib/data/mail-identities');

beforeAll(async () => {
  await tableAccess();
  identity = await import('../../functions/lib/mail-identity');
  data = await import('../../functions/lib/data/mail-identities');
});

/** The stand-in, recording its calls; `answer` overrides what SES says next about a domain. */
function ses(answer: { status?: MailIdentityStatus; ours?: boolean; gone?: boolean; fail?: boolean } = {}) {
  const calls: string[] = [];
  const api: IdentityApi = {
    async create(domain) {
      calls.push(`create ${domain}`);
      if (answer.fail) throw new Error('ThrottlingException');
      const state = await identity.localIdentities.create(domain);
      return { ...state, ...(answer.ours === false && { ours: false }) } satisfies IdentityState;
    },
    async read(domain) {
      calls.push(`read ${domain}`);
      if (answer.gone) return undefined;
      const state = await identity.localIdentities.read(domain);
      return state && { ...state, status: answer.status ?? state.status };
    },
    async remove(domain) {
      calls.push(`remove ${domain}`);
    },
  };
  return { api, calls };
}

const portalSender = () => inject('portal').env.MAIL_FROM as string;
const host = () => `clientes-${randomUUID().slice(0, 8)}.estudio.cl`;

describe("a firm's mail domain", () => {
  test('is created with the domain, kept while it stays, replaced when it changes, removed with it', async () => {
    const project = randomUUID();
    const [first, second] = [host(), host()];
    const sesSide = ses();

    const created = await identity.setFirmMailDomain(project, `https://${first}/`, sesSide.api);
    expect(created).toMatchObject({ domain: first, status: 'PENDING', sender: portalSender() });
    expect(mailDomainView.parse(created)).toEqual(created);
    expect(created?.dns_records).toHaveLength(3);
    expect(await identity.firmMailDomain(project)).toEqual(created);

    // Saving the project again with the same host asks SES nothing.
    expect(await identity.setFirmMailDomain(project, `https://${first.toUpperCase()}`, sesSide.api)).toEqual(created);

    const changed = await identity.setFirmMailDomain(project, `https://${second}`, sesSide.api);
    expect(changed?.domain).toBe(second);
    expect(await identity.firmMailDomain(project)).toMatchObject({ domain: second });

    expect(await identity.setFirmMailDomain(project, null, sesSide.api)).toBeNull();
    expect(await identity.firmMailDomain(project)).toBeNull();
    expect(sesSide.calls).toEqual([`create ${first}`, `remove ${first}`, `create ${second}`, `remove ${second}`]);
  });

  test("refreshes SES's status on demand, and makes again an identity deleted outside the portal", async () => {
    const project = randomUUID();
    const domain = host();
    await identity.setFirmMailDomain(project, `https://${domain}`, ses().api);

    const verified = ses({ status: 'VERIFIED' });
    expect(await identity.refreshFirmMailDomain(project, verified.api)).toMatchObject({
      domain,
      status: 'VERIFIED',
      sender: `${portalSender().split('@')[0]}@${domain}`,
    });
    expect((await data.getMailIdentity(project))?.status).toBe('VERIFIED');
    expect(verified.calls).toEqual([`read ${domain}`]);

    const gone = ses({ gone: true });
    expect(await identity.refreshFirmMailDomain(project, gone.api)).toMatchObject({ status: 'PENDING' });
    expect(gone.calls).toEqual([`read ${domain}`, `create ${domain}`]);

    expect(await identity.refreshFirmMailDomain(randomUUID(), gone.api)).toBeNull();
    await identity.removeFirmMailDomain(project, gone.api);
    expect(await identity.firmMailDomain(project)).toBeNull();
  });

  test("an identity that was someone else's is used but never deleted from here", async () => {
    const project = randomUUID();
    const domain = host();
    const foreign = ses({ ours: false });
    await identity.setFirmMailDomain(project, `https://${domain}`, foreign.api);
    expect((await data.getMailIdentity(project))?.adopted).toBe(true);
    await identity.removeFirmMailDomain(project, foreign.api);
    expect(foreign.calls).toEqual([`create ${domain}`]);
    expect(await identity.firmMailDomain(project)).toBeNull();
  });

  test('SES refusing the identity stores nothing (the project endpoint answers the error)', async () => {
    const project = randomUUID();
    await expect(identity.setFirmMailDomain(project, `https://${host()}`, ses({ fail: true }).api)).rejects.toThrow(
      'ThrottlingException',
    );
    expect(await identity.firmMailDomain(project)).toBeNull();
  });
});
