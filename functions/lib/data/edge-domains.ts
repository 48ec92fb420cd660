import { dynamo } from '../aws/dynamo';
import { DeleteCommand, GetCommand, PutCommand } from '../aws/dynamo-commands';
import { config } from '../config';

/**
 * A firm's own domain as the edge last reported it (functions/projects/firm-domain.ts): written when a save
 * provisions it and each time the domain screen reads the edge. Mail links point at the firm's domain only once this
 * says it is active for the domain the project still has (functions/lib/email.ts linkBase); until then, at the
 * portal's. No record (an environment without the edge, a project saved before it) leaves links at the firm's URL.
 */
export interface EdgeDomainRecord {
  project_uuid: string;
  domain: string;
  /** functions/lib/edge/domains.ts DomainStatus: 'active' once the tenant serves the domain with its certificate. */
  status: string;
  checked: string;
}

const edgeDomainKey = (projectUuid: string) => ({ pk: `PROJECT#${projectUuid}`, sk: 'EDGE_DOMAIN' });

export async function getEdgeDomain(projectUuid: string): Promise<EdgeDomainRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: edgeDomainKey(projectUuid) }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, ...record } = Item;
  return record as EdgeDomainRecord;
}

export async function putEdgeDomain(record: EdgeDomainRecord): Promise<void> {
  await dynamo.send(
    new PutCommand({ TableName: config.tableName, Item: { ...edgeDomainKey(record.project_uuid), ...record } }),
  );
}

export async function deleteEdgeDomain(projectUuid: string): Promise<void> {
  await dynamo.send(new DeleteCommand({ TableName: config.tableName, Key: edgeDomainKey(projectUuid) }));
}
