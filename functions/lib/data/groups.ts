import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { normalizeSearch, searchText } from './list-index';
import { keys } from './table';

/** A society group as stored (admin-area §3). admin: GROUP_ADMIN uuids; user: USER_GROUP uuids. */
export interface GroupRecord {
  uuid: string;
  group_name: string;
  group_description: string;
  project_uuid: string;
  admin: string[];
  user: string[];
  primary_color: string;
  enable: boolean;
  created: string;
  updated: string;
  version: number;
  society_quantity: number;
}

/** The stored item: listed under its project (gsi1) and among all groups (gsi3). */
export function groupItem(group: GroupRecord) {
  return {
    ...keys.group(group.uuid),
    gsi1pk: `PROJECT#${group.project_uuid}#GROUPS`,
    gsi1sk: group.uuid,
    gsi3pk: 'GROUPS',
    gsi3sk: group.uuid,
    search_text: searchText(group.group_name),
    name_sort: normalizeSearch(group.group_name),
    ...group,
  };
}

/** Group names are unique within their project. */
export const groupNameKey = (projectUuid: string, name: string) =>
  keys.unique('GROUP_NAME', `${projectUuid}#${normalizeSearch(name)}`);

export async function getGroup(uuid: string): Promise<GroupRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.group(uuid), ConsistentRead: true }),
  );
  return Item as GroupRecord | undefined;
}
