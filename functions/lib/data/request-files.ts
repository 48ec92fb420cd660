import { dynamo } from '../aws/dynamo';
import { GetCommand } from '../aws/dynamo-commands';
import { config } from '../config';
import type { ApiError } from '../errors';
import { type Cleanup, claimCleanupWrite } from './cleanups';
import { consumePendingUpload } from './documents';
import { recordOf } from './table';
import type { TxWrite } from './tx-write';
import { putNew } from './writes';

/**
 * The template files of document requests' items: `REQFILE#<uuid>` / `REQFILE`, the uuid its upload's. One record
 * and one object per file, whatever the number of requests and templates that name it (they keep its uuid, name and
 * size on the item); neither is ever rewritten, so a request made long ago still downloads what it was sent with.
 */
export interface RequestFileRecord {
  uuid: string;
  project_uuid: string;
  /** Its object in the documents bucket (storage/documents.ts requestFileObjectKey). */
  key: string;
  file_name: string;
  size: number;
  content_type: string;
  created_by: string;
  created: string;
}

const fileKey = (uuid: string) => ({ pk: `REQFILE#${uuid}`, sk: 'REQFILE' });

export async function getRequestFile(uuid: string): Promise<RequestFileRecord | undefined> {
  const { Item } = await dynamo.send(
    new GetCommand({ TableName: config.tableName, Key: fileKey(uuid), ConsistentRead: true }),
  );
  return recordOf<RequestFileRecord>(Item);
}

/**
 * The file made live in one transaction: its record (only if new), its upload spent and the upload's clean-up marker
 * claimed (refused once the sweeper took it: nothing then names swept garbage).
 */
export const requestFileLandWrites = (
  file: RequestFileRecord,
  cleanup: Cleanup,
  onSwept: () => ApiError,
): TxWrite[] => [
  putNew({ ...fileKey(file.uuid), ...file }),
  consumePendingUpload(file.uuid),
  claimCleanupWrite(cleanup, onSwept),
];
