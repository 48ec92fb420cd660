import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand } from '../aws/dynamo-commands';
import { config } from '../config';

/**
 * A firm's own mail domain (functions/lib/mail-identity.ts): the SES domain identity made for the host of its
 * custom_portal_url, the DNS records SES asked for and the status last read from SES. sendMail reads it before a firm's
 * mail and sends from the firm's domain only when it is VERIFIED for the domain the project still has.
 */
export type MailIdentityStatus = 'PENDING' | 'VERIFIED' | 'FAILED' | 'TEMPORARY_FAILURE';

export interface MailDnsRecord {
  name: string;
  type: 'CNAME';
  value: string;
}

export interface MailIdentityRecord {
  project_uuid: string;
  domain: string;
  status: MailIdentityStatus;
  /** Easy DKIM's three CNAMEs the firm creates in its DNS. */
  dns_records: MailDnsRecord[];
  /**
   * True when the identity existed before this deployment asked for it (another deployment's, or made by hand): it is
   * used while verified but never deleted from here.
   */
  adopted: boolean;
  created: string;
  /** When SES was last asked. */
  checked: string;
}

/** Beside the project, in its partition: what a project's writers may already touch. */
const mailIdentityKey = (projectUuid: string) => ({ pk: `PROJECT#${projectUuid}`, sk: 'MAIL_IDENTITY' });

export async function getMailIdentity(projectUuid: string): Promise<MailIdentityRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: mailIdentityKey(projectUuid) }),
  );
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ...record } = Item;
  return record as MailIdentityRecord;
}

export async function putMailIdentity(record: MailIdentityRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({ TableName: config.tableName, Item: { ...mailIdentityKey(record.project_uuid), ...record } }),
  );
}

export async function deleteMailIdentity(projectUuid: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: mailIdentityKey(projectUuid) }));
}
