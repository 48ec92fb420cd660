import { createHash } from 'node:crypto';
import type { GetEmailIdentityCommandOutput, SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailDomainView } from '../../shared/contracts/mail-domain';
import { config } from './config';
import {
  deleteMailIdentity,
  getMailIdentity,
  type MailDnsRecord,
  type MailIdentityRecord,
  type MailIdentityStatus,
  putMailIdentity,
} from './data/mail-identities';
import { nowIso } from './data/table';
import { MAIL_IDENTITY_TAG_KEY } from './mail-identity-tag';
import { mailDomainOf, senderFor } from './mail-sender';

/**
 * A firm's own mail domain: an SES domain identity with Easy DKIM for the host of its custom_portal_url, created with
 * the firm's domain, refreshed on demand, removed with it. sendMail sends from it once SES says it is verified
 * (mail-sender.ts). The project endpoints call setFirmMailDomain on create and edit, removeFirmMailDomain on delete,
 * refreshFirmMailDomain when the domain screen asks, and firmMailDomain to show what is stored.
 *
 * SES identities are called through the SDK's client (the functions' light client speaks SendEmail only); locally,
 * where aws-ses-v2-local has no identities, a stand-in gives the same records and stays PENDING: nothing can publish
 * DNS there.
 */

/** What the project detail shows beside the portal's domain (shared/contracts/mail-domain.ts mailDomainView). */
export type FirmMailDomainView = MailDomainView;

/** An identity as SES answers for it. `ours`: it carries this deployment's tag (so this deployment may delete it). */
export interface IdentityState {
  status: MailIdentityStatus;
  dnsRecords: MailDnsRecord[];
  ours: boolean;
}

export interface IdentityApi {
  create(domain: string): Promise<IdentityState>;
  /** undefined: SES has no such identity (deleted outside the portal). */
  read(domain: string): Promise<IdentityState | undefined>;
  remove(domain: string): Promise<void>;
}

/**
 * The SDK's SES v2 client, from the Lambda runtime's own SDK (infra/bundling.ts RUNTIME_SDK_CLIENTS) and imported only
 * when an identity call is made: the project functions that may make one do not pay for it at every cold start.
 */
const sdk = () => import('@aws-sdk/client-sesv2');
let client: SESv2Client | undefined;
const sesV2 = async () => {
  const { SESv2Client } = await sdk();
  client ??= new SESv2Client({});
  return client;
};

/** Easy DKIM's three CNAMEs, as SES documents them for a domain's tokens. */
export const dkimRecordsOf = (domain: string, tokens: readonly string[] = []): MailDnsRecord[] =>
  tokens.map((token) => ({
    name: `${token}._domainkey.${domain}`,
    type: 'CNAME' as const,
    value: `${token}.dkim.amazonses.com`,
  }));

/**
 * SES's answer as one status: verified for sending, else the DKIM verification's state (SES verifies a domain identity
 * by its DKIM records). NOT_STARTED and PENDING are both PENDING to the firm: the records are not seen yet.
 */
export function statusOf(
  output: Pick<GetEmailIdentityCommandOutput, 'VerifiedForSendingStatus' | 'DkimAttributes' | 'VerificationStatus'>,
): MailIdentityStatus {
  if (output.VerifiedForSendingStatus) return 'VERIFIED';
  const status = output.DkimAttributes?.Status ?? output.VerificationStatus;
  if (status === 'FAILED') return 'FAILED';
  if (status === 'TEMPORARY_FAILURE') return 'TEMPORARY_FAILURE';
  return 'PENDING';
}

/** The identity calls on SES v2: created in the deployment's configuration set with its tag, deleted only if tagged. */
export const sesIdentities: IdentityApi = {
  async create(domain) {
    const { CreateEmailIdentityCommand } = await sdk();
    try {
      const created = await (await sesV2()).send(
        new CreateEmailIdentityCommand({
          EmailIdentity: domain,
          ...(config.mailConfigurationSet && { ConfigurationSetName: config.mailConfigurationSet }),
          Tags: [{ Key: MAIL_IDENTITY_TAG_KEY, Value: config.mailIdentityTag }],
        }),
      );
      return {
        status: statusOf({
          VerifiedForSendingStatus: created.VerifiedForSendingStatus,
          DkimAttributes: created.DkimAttributes,
        }),
        dnsRecords: dkimRecordsOf(domain, created.DkimAttributes?.Tokens),
        ours: true,
      };
    } catch (error) {
      // Made before: by this deployment (a retry after a stop) or by someone else, which is then used but never deleted.
      if ((error as Error).name !== 'AlreadyExistsException') throw error;
      const existing = await this.read(domain);
      if (!existing) throw error;
      return existing;
    }
  },
  async read(domain) {
    const { GetEmailIdentityCommand } = await sdk();
    try {
      const identity = await (await sesV2()).send(new GetEmailIdentityCommand({ EmailIdentity: domain }));
      const ours = (identity.Tags ?? []).some(
        (tag) => tag.Key === MAIL_IDENTITY_TAG_KEY && tag.Value === config.mailIdentityTag,
      );
      return { status: statusOf(identity), dnsRecords: dkimRecordsOf(domain, identity.DkimAttributes?.Tokens), ours };
    } catch (error) {
      if ((error as Error).name === 'NotFoundException') return undefined;
      throw error;
    }
  },
  async remove(domain) {
    const { DeleteEmailIdentityCommand } = await sdk();
    try {
      await (await sesV2()).send(new DeleteEmailIdentityCommand({ EmailIdentity: domain }));
    } catch (error) {
      if ((error as Error).name !== 'NotFoundException') throw error;
    }
  },
};

/** Locally: the records SES would give (tokens derived from the domain), always PENDING; nothing is kept. */
export const localIdentities: IdentityApi = {
  async create(domain) {
    const hash = createHash('sha256').update(domain).digest('hex');
    const tokens = [0, 1, 2].map((i) => hash.slice(i * 20, i * 20 + 20));
    return { status: 'PENDING', dnsRecords: dkimRecordsOf(domain, tokens), ours: true };
  },
  async read(domain) {
    return this.create(domain);
  },
  async remove() {},
};

const identities = (): IdentityApi => (config.isLocal ? localIdentities : sesIdentities);

/** The stored record as shown, with the address the firm's mails come from now (the sender rule of mail-sender.ts). */
export function mailDomainView(record: MailIdentityRecord): FirmMailDomainView {
  const portalSender = config.mailFrom;
  const sender =
    portalSender &&
    addressOf(senderFor(portalSender, { ...NAMELESS, custom_portal_url: `https://${record.domain}` }, record).from);
  return {
    domain: record.domain,
    status: record.status,
    dns_records: record.dns_records,
    checked: record.checked,
    sender: sender || null,
  };
}

const NAMELESS = { uuid: '', project_name: '', contact_email: null };
const addressOf = (from: string) => from.replace(/^.*<([^>]+)>$/, '$1');

/** The firm's mail domain as stored (no SES call), or null when it has none. */
export async function firmMailDomain(projectUuid: string): Promise<FirmMailDomainView | null> {
  const record = await getMailIdentity(projectUuid);
  return record ? mailDomainView(record) : null;
}

/**
 * After a project is saved with this custom_portal_url: the same host keeps its identity; a new host gets one (the
 * old one deleted); no URL removes it. Answers what the project detail shows.
 */
export async function setFirmMailDomain(
  projectUuid: string,
  customPortalUrl: string | null | undefined,
  api: IdentityApi = identities(),
): Promise<FirmMailDomainView | null> {
  const domain = mailDomainOf(customPortalUrl);
  const current = await getMailIdentity(projectUuid);
  if (current && current.domain === domain) return mailDomainView(current);
  if (current) await release(current, api);
  if (!domain) return null;
  const state = await api.create(domain);
  const now = nowIso();
  const record: MailIdentityRecord = {
    project_uuid: projectUuid,
    domain,
    status: state.status,
    dns_records: state.dnsRecords,
    adopted: !state.ours,
    created: now,
    checked: now,
  };
  await putMailIdentity(record);
  return mailDomainView(record);
}

/** Asks SES again (the domain screen's "refresh"); an identity deleted outside the portal is made again. */
export async function refreshFirmMailDomain(
  projectUuid: string,
  api: IdentityApi = identities(),
): Promise<FirmMailDomainView | null> {
  const current = await getMailIdentity(projectUuid);
  if (!current) return null;
  const state = (await api.read(current.domain)) ?? (await api.create(current.domain));
  const record: MailIdentityRecord = {
    ...current,
    status: state.status,
    dns_records: state.dnsRecords,
    checked: nowIso(),
  };
  await putMailIdentity(record);
  return mailDomainView(record);
}

/** When the project is deleted (or loses its domain): its identity goes, unless it was adopted. */
export async function removeFirmMailDomain(projectUuid: string, api: IdentityApi = identities()): Promise<void> {
  const current = await getMailIdentity(projectUuid);
  if (current) await release(current, api);
}

async function release(record: MailIdentityRecord, api: IdentityApi) {
  if (!record.adopted) await api.remove(record.domain);
  await deleteMailIdentity(record.project_uuid);
}
