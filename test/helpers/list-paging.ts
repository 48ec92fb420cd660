import { inject } from 'vitest';
import { dynamoCallsOf } from './in-process';

/** A caller as a handler sees it (the user's record and the role it acts in), for calling list readers directly. */
export async function callerOf(uuid: string, role: string) {
  const { getUser } = await import('../../functions/lib/data/users');
  return { user: await getUser(uuid), role } as never;
}

/** The demo SUPER_ADMIN as a caller. */
export const superCaller = () => callerOf(inject('portal').demo.users['superadmin@demo.cl'] as string, 'SUPER_ADMIN');

/**
 * A page read from the sorted list index, and the same page read from the directory (LIST_INDEXES=off, the readers
 * before the index), each with its DynamoDB calls: the directory is the yardstick the index must equal.
 */
export async function bothWays<T>(page: () => Promise<T>) {
  const indexed = await dynamoCallsOf(page);
  process.env.LIST_INDEXES = 'off';
  try {
    return { indexed, directory: await dynamoCallsOf(page) };
  } finally {
    delete process.env.LIST_INDEXES;
  }
}
