import * as auth from './auth';
import type { Contract } from './define';
import * as documents from './documents';
import * as folders from './folders';
import * as groups from './groups';
import * as health from './health';
import * as projects from './projects';
import * as registration from './registration';
import * as societies from './societies';
import * as users from './users';

export * from './define';

/** Every endpoint of the API. A module added here is routed, deployed, documented and matrix-tested. */
export const contracts: readonly Contract[] = [
  health,
  auth,
  projects,
  groups,
  societies,
  users,
  registration,
  folders,
  documents,
].flatMap((module) => Object.values(module).filter(isContract));

function isContract(value: unknown): value is Contract {
  return typeof value === 'object' && value !== null && 'handler' in value && 'method' in value && 'path' in value;
}

export { auth, documents, folders, groups, health, projects, registration, societies, users };
