// Reports, modules and accounting assignments (assignments).

import * as accounting from './accounting';
import * as accountingAssignments from './accounting-assignments';
import * as auth from './auth';
import * as chatbot from './chatbot';
import * as dashboardRegistry from './dashboard-registry';
import type { Contract } from './define';
import * as documents from './documents';
import * as external from './external';
import * as folders from './folders';
import * as groups from './groups';
import * as health from './health';
import * as indicators from './indicators';
import * as messages from './messages';
import * as modules from './modules';
import * as passkeys from './passkeys';
import * as projects from './projects';
import * as registration from './registration';
import * as reports from './reports';
import * as requests from './requests';
import * as secondFactor from './second-factor';
import * as societies from './societies';
import * as taxCalendar from './tax-calendar';
import * as users from './users';

export * from './define';

/** Every endpoint of the API. A module added here is routed, deployed, documented and matrix-tested. */
export const contracts: readonly Contract[] = [
  health,
  auth,
  secondFactor,
  passkeys,
  projects,
  groups,
  societies,
  users,
  registration,
  indicators,
  folders,
  documents,
  external,
  chatbot,
  modules,
  reports,
  dashboardRegistry,
  accountingAssignments,
  accounting,
  taxCalendar,
  messages,
  // Document requests ('Solicitudes'): requests, templates and their items' files, schedules and reminder settings.
  requests,
].flatMap((module) => Object.values(module).filter(isContract));

function isContract(value: unknown): value is Contract {
  return typeof value === 'object' && value !== null && 'handler' in value && 'method' in value && 'path' in value;
}

export {
  accounting,
  accountingAssignments,
  auth,
  chatbot,
  dashboardRegistry,
  documents,
  external,
  folders,
  groups,
  health,
  indicators,
  messages,
  modules,
  passkeys,
  projects,
  registration,
  reports,
  requests,
  secondFactor,
  societies,
  taxCalendar,
  users,
};
