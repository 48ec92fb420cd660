import type { Role } from '../../../shared/roles';
import type { UserRecord } from '../data/user-record';

/** Who is calling: the user record from DynamoDB, never claims the client sent. */
export interface Caller {
  user: UserRecord;
  role: Role;
}
