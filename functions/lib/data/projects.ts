import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { keys, normalizePortalUrl } from './table';

/** A project as stored (admin-area §3), with its branding. */
export interface ProjectRecord {
  uuid: string;
  project_name: string;
  client_name: string;
  associated_service_description: string;
  service_description: string;
  admin: string[];
  meta_title: string;
  meta_content: string;
  url_own_site: string;
  custom_portal_url: string;
  header_title: string;
  subtitle: string;
  footer_disclaimer: string;
  contact_email: string;
  contact_phone: string;
  primary_color: string;
  secondary_color: string;
  image: string | null;
  logo: string | null;
  icon: string | null;
  enable: boolean;
  created: string;
  updated: string;
  version: number;
}

export async function getProject(uuid: string): Promise<ProjectRecord | undefined> {
  const { Item } = await dynamo.send(new GetCommand({ TableName: config.tableName, Key: keys.project(uuid) }));
  return Item as ProjectRecord | undefined;
}

/** The project whose custom_portal_url matches, through its uniqueness marker (no index, no scan). */
export async function getProjectByPortalUrl(url: string): Promise<ProjectRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({
      TableName: config.tableName,
      Key: keys.unique('PORTAL_URL', normalizePortalUrl(url)),
      ProjectionExpression: 'owner_uuid',
    }),
  );
  return Item ? getProject(Item.owner_uuid as string) : undefined;
}
