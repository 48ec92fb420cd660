import { account } from './es/account';
import { accountingImport, accountingScreens, accountingStatements } from './es/accounting';
import { adminUi } from './es/admin';
import { login } from './es/auth';
import { chatbotArticles } from './es/chatbot-articles';
import { app, health, pending, roles, welcome } from './es/common';
import { documents } from './es/documents';
import { errors } from './es/errors';
import { groupsAdmin } from './es/groups';
import { homePage, indicators } from './es/home';
import { landing } from './es/landing';
import { mailDomain } from './es/mail-domain';
import { conversations } from './es/messages';
import { microsoftSignIn } from './es/microsoft';
import { projectsAdmin } from './es/projects';
import {
  accountingAssignmentsAdmin,
  assignmentsAdmin,
  dashboardRegistry,
  modulesAdmin,
  reportReferences,
  reportsAdmin,
  reportsViewer,
} from './es/reports';
import { requestScreens } from './es/request-screens';
import { secondFactor } from './es/second-factor';
import { detailPdf, mail } from './es/server';
import { adminMenu, healthStatus, home, pages, session, sidebar, topBar } from './es/shell';
import { signInHistory } from './es/sign-in-history';
import { industriesAdmin, societiesAdmin } from './es/societies';
import { chatbot, support, supportMails } from './es/support';
import { taxCalendar, taxRulesAdmin } from './es/tax-calendar';
import { usersAdmin } from './es/users';
import { personFields, validation } from './es/validation';

/**
 * THE catalogue: every text a user of the portal sees, in Spanish (portal §8, admin §8). Texts quoted by the spec are
 * copied verbatim, typos included ('salío', 'exito'). The texts live in one small file per area under ./es/; this
 * module assembles them into `es` and re-exports the error-message helpers (./error-messages.ts), so a screen reads
 * every text from here. A page that must stay light (/login) may import its area file directly instead.
 * Role labels and admin menu labels live in shared/roles.ts (shared with the API) and are re-exported here.
 * es.test.ts proves the assembly leaves no area text out and no two areas share a key.
 */
export const es = {
  app,
  welcome,
  login,
  secondFactor,
  microsoftSignIn,
  // The sign-in history (admin's user detail, 'Mi perfil').
  signInHistory,
  session,
  topBar,
  sidebar,
  home,
  homePage,
  indicators,
  health,
  pending,
  pages,
  personFields,
  account,
  usersAdmin,
  adminUi,
  validation,
  projectsAdmin,
  mailDomain,
  groupsAdmin,
  societiesAdmin,
  industriesAdmin,
  roles,
  adminMenu,
  errors,
  detailPdf,
  mail,
  documents,
  // Support, chatbot, landing
  healthStatus,
  support,
  chatbot,
  chatbotArticles,
  supportMails,
  landing,
  // A conversation per society ('Mensajes').
  conversations,
  // Reports and accounting assignments.
  reportsViewer,
  assignmentsAdmin,
  reportsAdmin,
  accountingAssignmentsAdmin,
  reportReferences,
  modulesAdmin,
  dashboardRegistry,
  // accounting statements and imports
  accountingImport,
  accountingStatements,
  accountingScreens,
  // The tax calendar.
  taxCalendar,
  taxRulesAdmin,
  // Document requests ('Solicitudes').
  requestScreens,
} as const;

export {
  ERROR_MESSAGES,
  type ErrorContext,
  type ErrorLike,
  FIELD_LABELS,
  fieldErrorMessage,
  fieldLabel,
  messageForError,
  messagesForError,
} from './error-messages';
export { formatMinutesSeconds } from './format';
