import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CURRENCIES } from '../../../shared/contracts/fields';
import { dynamo } from '../aws/dynamo';
import { config } from '../config';
import { normalizeSearch, searchText } from './list-index';
import { keys } from './table';

/** A society as stored (admin-area §3). user: USER_SOCIETY uuids. */
export interface SocietyRecord {
  uuid: string;
  society_business_name: string;
  society_rut: string | null;
  business_line: string;
  company_code: string;
  industry_uuid: string;
  society_email: string;
  currency: (typeof CURRENCIES)[number];
  group_uuid: string;
  project_uuid: string;
  user: string[];
  society_contact_name: string;
  society_phone_number: string;
  society_address: string | null;
  society_contact_email: string | null;
  tax_module: 'True' | 'False';
  enable: boolean;
  created: string;
  updated: string;
  version: number;
}

/** The stored item: listed under its project (gsi1), its group (gsi2) and among all societies (gsi3). */
export function societyItem(society: SocietyRecord) {
  return {
    ...keys.society(society.uuid),
    gsi1pk: `PROJECT#${society.project_uuid}#SOCIETIES`,
    gsi1sk: society.uuid,
    gsi2pk: `GROUP#${society.group_uuid}#SOCIETIES`,
    gsi2sk: society.uuid,
    gsi3pk: 'SOCIETIES',
    gsi3sk: society.uuid,
    search_text: searchText(society.society_business_name, society.society_rut, society.company_code),
    name_sort: normalizeSearch(society.society_business_name),
    ...society,
  };
}

export const rutKey = (rut: string) => keys.unique('RUT', rut);

export async function getSociety(uuid: string): Promise<SocietyRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: keys.society(uuid), ConsistentRead: true }),
  );
  return Item as SocietyRecord | undefined;
}

/** An industry (admin-area §3): position 0 is the default one, which cannot be renamed or deleted. */
export interface IndustryRecord {
  uuid: string;
  industry: string;
  position: number;
  society_quantity: number;
  created: string;
}

export const industryNameKey = (name: string) => keys.unique('INDUSTRY', normalizeSearch(name));
