import type { Contract } from '../shared/contracts/define';

/**
 * What each endpoint's function may do in AWS, declared once per contract id ("least privilege"). Every
 * function gets a role of its own built from its entry here (constructs/function-role.ts); a contract without an entry
 * fails the synth, so a new endpoint gets neither more nor less than what is written here.
 *
 * The entries follow what each handler calls: test/infra/permissions.test.ts bundles every handler and checks that
 * the Cognito, SES and S3 commands and the DynamoDB writes its bundle can send are exactly the ones declared.
 */

/** Item writes. Transactions are authorized item by item through these actions. */
export type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem';

/** A partition-key prefix (`THROTTLE#`), matched with IAM's `dynamodb:LeadingKeys`. */
export type KeyPrefix = string;

export interface TableAccess {
  /**
   * 'query': GetItem, BatchGetItem and Query on the table and its indexes (every protected call reads the caller's
   * record). `{ get: [...] }`: GetItem only, on items whose partition key starts with one of the prefixes.
   */
  read: 'query' | { get: readonly KeyPrefix[] };
  /**
   * 'any': Put, Update, Delete and ConditionCheck on any item (the admin endpoints, whose scope is checked in code).
   * Otherwise only these actions on items whose partition key starts with the prefix (required of public contracts).
   */
  write?: 'any' | Readonly<Record<KeyPrefix, readonly WriteAction[]>>;
}

export type CognitoAction =
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminInitiateAuth'
  | 'AdminUserGlobalSignOut';

/** Object actions on the assets bucket (logos, icons, avatars). GetObject is also what a presigned GET needs. */
export type AssetAction = 'GetObject' | 'PutObject' | 'DeleteObject';

export interface Permissions {
  table: TableAccess;
  assets?: readonly AssetAction[];
  /**
   * Object actions on the documents bucket. GetObject also covers HEAD and presigned GETs; PutObject covers
   * presigned POSTs; a copy needs both.
   */
  documents?: readonly AssetAction[];
  /** Cognito actions on the portal's user pool. InitiateAuth and RevokeToken are unsigned calls and need none. */
  cognito?: readonly CognitoAction[];
  /** ses:SendEmail from the portal's identity. */
  mail?: boolean;
  /**
   * The report viewer's embedding, granted only as far as the deployment configures it (infra/settings.ts
   * embedding): QuickSight's GenerateEmbedUrlFor* of its mode on the configured account and namespace, and
   * ssm:GetParameter on exactly the Power BI secret parameter. With no embedding settings it grants nothing.
   */
  embedding?: true;
  /**
   * The registry of embeddable dashboards' writers: no AWS access, only the deployment's QuickSight
   * dashboard id prefix (QUICKSIGHT_DASHBOARD_PREFIX) to refuse ids its embedding grant does not name.
   */
  embeddingRegistry?: true;
  /**
   * The chatbot's phrasing: bedrock:InvokeModel (what Converse needs) on exactly the configured
   * foundation model (infra/settings.ts chatbotModelId). With no model configured it grants nothing.
   */
  chatbotModel?: true;
  /**
   * The firms' own mail domains (functions/lib/mail-identity.ts): ses:CreateEmailIdentity only with the deployment's
   * tag, ses:DeleteEmailIdentity only of identities carrying it (never the portal's own sender), ses:GetEmailIdentity.
   */
  mailIdentities?: true;
  /** sqs:SendMessage on the invitation mail queue (constructs/mail-queue.ts), and its URL in the environment. */
  mailQueue?: true;
  /**
   * A firm's own domain (functions/lib/edge): the distribution tenant calls of CloudFront SaaS Manager on the
   * portal's multi-tenant distribution and its tenants (EDGE_TENANT_ACTIONS), and their ids in the environment.
   */
  edge?: true;
  /**
   * The second factor's key (functions/lib/auth/second-factor-key.ts): secretsmanager:GetSecretValue on exactly that
   * secret, and its ARN in the environment (SECOND_FACTOR_SECRET_ARN).
   */
  secondFactorKey?: true;
  /**
   * The portal's own tokens (functions/lib/auth/portal-tokens.ts): kms:Sign for the functions that issue or renew
   * them, kms:GetPublicKey for those that verify an access token, on exactly that key, and its ARN in the
   * environment (PORTAL_TOKEN_KEY_ID). Every protected contract verifies, so `portalTokensOf` gives them
   * GetPublicKey without each entry saying it.
   */
  portalTokens?: readonly ('Sign' | 'GetPublicKey')[];
  /**
   * Microsoft sign-in (functions/lib/auth/microsoft.ts): secretsmanager:GetSecretValue on exactly the Entra ID app's
   * client secret, its ARN and the app's client id in the environment (MICROSOFT_SECRET_ARN, MICROSOFT_CLIENT_ID).
   */
  microsoft?: true;
}

const READ: Permissions = { table: { read: 'query' } };
/** A costly call also spends its quotas (functions/lib/data/quotas.ts), conditional Updates in one transaction. */
const READ_SPENDING: Permissions = { table: { read: 'query', write: { 'QUOTA#': ['UpdateItem'] } } };
const ADMIN_WRITE: Permissions = { table: { read: 'query', write: 'any' } };
/** A request item's template file landed (functions/requests/template-files.ts): its record, upload and marker. */
const REQUEST_FILE_WRITES = {
  'REQFILE#': ['PutItem'],
  'UPLOAD#': ['DeleteItem'],
  'CLEANUP#': ['DeleteItem'],
} as const satisfies Record<string, readonly WriteAction[]>;
/** Its objects: the upload HEAD and read, copied to its key, then removed. */
const REQUEST_FILE_OBJECTS: readonly AssetAction[] = ['GetObject', 'PutObject', 'DeleteObject'];

/** Branding images: written, replaced and removed with the entity that shows them, and presigned for display. */
const IMAGES: readonly AssetAction[] = ['GetObject', 'PutObject', 'DeleteObject'];

const SESSION_LOG: TableAccess['write'] = { 'USER#': ['PutItem'] };

/** A change of a document request: the request, its listing rows and its reminder row, and its audit entry. */
const REQUEST_WRITES: Readonly<Record<string, readonly WriteAction[]>> = {
  'REQUEST#': ['PutItem'],
  'REQS#': ['PutItem', 'DeleteItem'],
  'REMIND#': ['PutItem', 'DeleteItem'],
  'AUDIT#': ['PutItem'],
};

/** The throttle counters (functions/lib/data/throttle.ts): take, lock, give back or clear a slot. */
const THROTTLE: readonly WriteAction[] = ['PutItem', 'UpdateItem', 'DeleteItem'];

/**
 * Ending every session of a user (functions/lib/data/sessions.ts endUserSessions): `sessions_valid_after` on the
 * user record, the security log under the user, and Cognito's own global sign-out.
 */
const END_SESSIONS: readonly WriteAction[] = ['PutItem', 'UpdateItem'];

export const PERMISSIONS: Readonly<Record<string, Permissions>> = {
  // health: one GetItem on a fixed key of its own, nothing else.
  getHealth: { table: { read: { get: ['HEALTH'] } } },

  // indicators: reads the store the scheduled job fills (infra/constructs/indicators-schedule.ts).
  getIndicators: READ,

  // auth
  getUserInfo: { ...READ, assets: ['GetObject'] },
  postBrowsingLog: { table: { read: 'query', write: SESSION_LOG } },
  // Public (a logout works with an expired access token): drops the session, ends every session of its user.
  postSessionLogout: {
    table: { read: 'query', write: { 'SESSION#': ['DeleteItem'], 'USER#': END_SESSIONS } },
    cognito: ['AdminUserGlobalSignOut'],
    // It finds the user of a still valid access token, which may be the portal's own.
    portalTokens: ['GetPublicKey'],
  },
  // Public: the sign-in throttles (e-mail and address), the session record, and the security log under the user's
  // partition or, for an unknown e-mail, under the address (Put only); the user record's last sign-in (Update).
  postToken: {
    table: {
      read: 'query',
      // USER#: the security log (PutItem), the time of the sign-in, `last_login`, and the access token's
      // portal, `live_tokens`, in one UpdateItem.
      write: {
        'THROTTLE#': THROTTLE,
        'SESSION#': ['PutItem'],
        'USER#': ['PutItem', 'UpdateItem'],
        'EMAIL#': ['PutItem'],
        // A sign-in waiting for its second factor's code: the first factor's refresh token, sealed.
        'SECOND_FACTOR_CHALLENGE#': ['PutItem'],
      },
    },
    cognito: ['AdminInitiateAuth'],
    secondFactorKey: true,
  },
  // Public: the second step of a sign-in. The throttles (a code counts as a password does), the challenge (a miss
  // counted, taken once), the session, and under USER#: the factor (activated, its last step, a recovery code
  // spent), a trusted device, the security log and the sign-in's UpdateItem on the user record.
  postSecondFactor: {
    table: {
      read: 'query',
      write: {
        'THROTTLE#': THROTTLE,
        'SECOND_FACTOR_CHALLENGE#': ['UpdateItem', 'DeleteItem'],
        'SESSION#': ['PutItem'],
        'USER#': ['PutItem', 'UpdateItem'],
      },
    },
    cognito: ['AdminInitiateAuth'],
    secondFactorKey: true,
    // A sign-in that began with Microsoft or a passkey ends with a new portal access token.
    portalTokens: ['Sign'],
  },
  // Public: a pending enrolment's secret, sealed, under the user of a live challenge.
  postSecondFactorEnrolment: { table: { read: 'query', write: { 'USER#': ['PutItem'] } }, secondFactorKey: true },
  // Public: a passkey sign-in's challenge (functions/lib/data/passkeys.ts), kept a few minutes.
  postPasskeySignInOptions: { table: { read: 'query', write: { 'PASSKEY_CHALLENGE#': ['PutItem'] } } },
  // Public: the address's sign-in throttle, the challenge taken once, the passkey's counter and last use and the
  // security log under USER# (Update, Put), the session record and the sign-in's UpdateItem on the user record.
  postPasskeySignIn: {
    table: {
      read: 'query',
      write: {
        'THROTTLE#': THROTTLE,
        'PASSKEY_CHALLENGE#': ['DeleteItem'],
        'SESSION#': ['PutItem'],
        'USER#': ['PutItem', 'UpdateItem'],
      },
    },
    // Cognito mints nothing without a password: the session is the portal's own tokens.
    portalTokens: ['Sign'],
  },
  // Public: drops an ended session and logs the refusal.
  postTokenRefresh: {
    // USER#: the security log (PutItem) and the new access token's portal, `live_tokens` (UpdateItem).
    table: { read: 'query', write: { 'SESSION#': ['DeleteItem'], 'USER#': ['PutItem', 'UpdateItem'] } },
    cognito: ['AdminInitiateAuth'],
    // A session of the portal's own tokens is renewed with a new one.
    portalTokens: ['Sign'],
  },
  postPersonalizationLogin: { ...READ, assets: ['GetObject'] },
  // Public: reads the firm of the portal; seals the flow (PKCE verifier, state, nonce) with the second factor's key.
  startMicrosoftSignIn: { ...READ, secondFactorKey: true, microsoft: true },
  // Public: a sign-in as postToken's (security log, session, the sign-in's UpdateItem on the user, a second factor's
  // challenge), the portal's own tokens (Sign), and a pending invitation completed as registerInvitation completes it
  // (no password: a random one is set and never told).
  microsoftSignInCallback: {
    table: {
      read: 'query',
      write: {
        'SESSION#': ['PutItem'],
        'USER#': ['PutItem', 'UpdateItem'],
        'EMAIL#': ['PutItem'],
        'SECOND_FACTOR_CHALLENGE#': ['PutItem'],
        'DIR#': ['UpdateItem'],
        'LIST#': ['PutItem', 'DeleteItem', 'UpdateItem'],
        'TOKEN#INVITE#': ['UpdateItem'],
        'INVITATION#': ['DeleteItem'],
        'CLEANUP#': ['PutItem', 'DeleteItem'],
        'UNIQUE#EMAIL#': ['PutItem', 'DeleteItem'],
        'UNIQUE#PROJECT_ADMIN#': ['PutItem'],
        'PROJECT#': ['UpdateItem'],
        'GROUP#': ['UpdateItem'],
        'SOCIETY#': ['UpdateItem'],
      },
    },
    cognito: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'],
    secondFactorKey: true,
    portalTokens: ['Sign'],
    microsoft: true,
  },

  // projects (SUPER_ADMIN)
  listProjects: READ,
  // A project's save provisions its custom_portal_url at the edge; its domain screen reads and finishes that.
  createProject: { ...ADMIN_WRITE, assets: IMAGES, edge: true, mailIdentities: true },
  getProject: { ...READ, assets: ['GetObject'] },
  patchProject: { ...ADMIN_WRITE, assets: IMAGES, edge: true, mailIdentities: true },
  deleteProject: { ...ADMIN_WRITE, assets: ['DeleteObject'], edge: true, mailIdentities: true },
  getProjectDomain: {
    // Reading the domain also brings the firm's mail identity item to the saved URL (functions/projects/firm-domain.ts).
    table: { read: 'query', write: { 'PROJECT#': ['PutItem', 'DeleteItem'] } },
    edge: true,
    mailIdentities: true,
  },
  searchProjects: READ,
  listProjectAdminsAvailable: READ,
  listMyProjects: READ,
  // The sheet shows no image, so it signs no asset URL.
  getProjectPdf: READ,

  // groups
  listGroups: READ,
  createGroup: ADMIN_WRITE,
  getGroup: READ,
  patchGroup: ADMIN_WRITE,
  deleteGroup: ADMIN_WRITE,
  searchGroups: READ,
  listGroupAdminsAvailable: READ,
  listGroupUsersAvailable: READ,
  listMyGroups: READ,
  getGroupPdf: READ,

  // societies and industries
  listIndustries: READ,
  createIndustry: ADMIN_WRITE,
  patchIndustry: ADMIN_WRITE,
  deleteIndustry: ADMIN_WRITE,
  listSocieties: READ,
  createSociety: ADMIN_WRITE,
  getSociety: READ,
  patchSociety: ADMIN_WRITE,
  deleteSociety: ADMIN_WRITE,
  searchSocieties: READ,
  // A RUT's marker (in each project asked, and a marker written before, with its society).
  checkSocietyRut: READ,
  listSocietyAdminsAvailable: READ,
  listSocietyUsersAvailable: READ,
  listSocietiesForUsers: READ,
  listMySocieties: READ,
  getSocietyPdf: READ,

  // users
  listUsers: { ...READ, assets: ['GetObject'] },
  getUser: { ...READ, assets: ['GetObject'] },
  // The user's session log: one Query of its partition (scope checked in code, as getUser's).
  listUserSignIns: READ,
  searchUsers: { ...READ, assets: ['GetObject'] },
  // An e-mail change waits for its link (confirmEmailChange moves the login), so the edit touches no identity.
  patchUser: { ...ADMIN_WRITE, assets: ['GetObject'], mail: true },
  deleteUser: { ...ADMIN_WRITE, assets: ['DeleteObject'], cognito: ['AdminDeleteUser'] },
  // A higher admin's reset of a user's second factor: the factor's deletion and its audit item (scope in code).
  resetSecondFactor: ADMIN_WRITE,
  // The caller's own second factor, turned on from its profile: a pending enrolment's secret, sealed, under USER#;
  // then its first code (the account's SECOND_FACTOR throttle) activates it, with the security log under USER#.
  postOwnSecondFactorEnrolment: { table: { read: 'query', write: { 'USER#': ['PutItem'] } }, secondFactorKey: true },
  postOwnSecondFactor: {
    table: { read: 'query', write: { 'THROTTLE#': THROTTLE, 'USER#': ['PutItem', 'UpdateItem'] } },
    secondFactorKey: true,
  },
  // The caller's own passkeys: a registration's challenge; the passkey under USER# and its credential lookup, written
  // and removed together; the challenge taken once.
  // The options ask the current password (Cognito's check, counted in the sign-in lock; a refusal logged under USER#).
  postPasskeyRegistrationOptions: {
    table: { read: 'query', write: { 'THROTTLE#': THROTTLE, 'USER#': ['PutItem'], 'PASSKEY_CHALLENGE#': ['PutItem'] } },
    cognito: ['AdminInitiateAuth'],
  },
  postPasskeyRegistration: {
    table: {
      read: 'query',
      write: { 'PASSKEY_CHALLENGE#': ['DeleteItem'], 'USER#': ['PutItem'], 'PASSKEY_CREDENTIAL#': ['PutItem'] },
    },
  },
  listPasskeys: READ,
  deletePasskey: {
    table: { read: 'query', write: { 'USER#': ['PutItem', 'DeleteItem'], 'PASSKEY_CREDENTIAL#': ['DeleteItem'] } },
  },
  patchUserProfile: { ...ADMIN_WRITE, assets: IMAGES },
  // The caller's own digest setting (one UpdateItem of its record).
  patchDocumentDigest: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  // Public: the digest mail's unsubscribe link (a token read) turns its person's digest off.
  unsubscribeDocumentDigest: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  // Checks the current password (counted against the sign-in lock), sets the new one, ends every session.
  updatePassword: {
    table: { read: 'query', write: { 'THROTTLE#': THROTTLE, 'USER#': END_SESSIONS } },
    cognito: ['AdminInitiateAuth', 'AdminSetUserPassword', 'AdminUserGlobalSignOut'],
  },

  // registration: invitations (admins)
  // The invitation mail carries the project's logo, read from the assets bucket.
  generateInvitation: { ...ADMIN_WRITE, mail: true, assets: ['GetObject'] },
  listInvitations: READ,
  searchInvitations: READ,
  resendInvitation: { ...ADMIN_WRITE, mail: true, assets: ['GetObject'] },
  deleteInvitation: ADMIN_WRITE,
  // The rows' mails go through the mail queue. Its bundle still holds the invitation's own mail (and logo)
  // path, shared with the invite form, so the grant stays: IAM cannot tell which path a call took.
  importUsersCsv: { ...ADMIN_WRITE, mail: true, assets: ['GetObject'], mailQueue: true },

  // registration: public links
  // Public: the per-address throttle of link checks.
  // Also the inviting project's logo (a presigned link) for the registration page.
  verifyInvitation: {
    table: { read: 'query', write: { 'THROTTLE#': ['PutItem', 'UpdateItem'] } },
    assets: ['GetObject'],
  },
  // Public: consumes the link and creates the invited user (identity, record, e-mail marker, memberships), or adds the
  // memberships to the address's account (USER# PutItem, its version checked); on the project, group and society it
  // may only UpdateItem (append the new member to their lists), never Put or Delete.
  registerInvitation: {
    table: {
      read: 'query',
      write: {
        // The registration's per-address throttle; an existing account's sign-in lock (joins by password).
        'THROTTLE#': THROTTLE,
        // Listing directories (functions/lib/data/directory.ts): the new user's entries, the invitation's removal.
        'DIR#': ['UpdateItem'],
        // Sorted list indexes (functions/lib/data/sorted-index.ts): the user's rows in, the invitation's out, counters.
        'LIST#': ['PutItem', 'DeleteItem', 'UpdateItem'],
        'TOKEN#INVITE#': ['UpdateItem'],
        'INVITATION#': ['DeleteItem'],
        // The new identity's clean-up marker: written before the identity, removed by the record's transaction.
        'CLEANUP#': ['PutItem', 'DeleteItem'],
        'UNIQUE#EMAIL#': ['PutItem', 'DeleteItem'],
        'UNIQUE#PROJECT_ADMIN#': ['PutItem'],
        'USER#': ['PutItem'],
        'PROJECT#': ['UpdateItem'],
        'GROUP#': ['UpdateItem'],
        'SOCIETY#': ['UpdateItem'],
      },
    },
    // AdminInitiateAuth: an address that has an account accepts with its password.
    cognito: ['AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser', 'AdminInitiateAuth'],
  },
  // Public: the reset throttle of the e-mail and a new password link; the project's logo for the mail.
  requestPasswordReset: {
    table: {
      read: 'query',
      write: { 'THROTTLE#': ['PutItem', 'UpdateItem'], 'TOKEN#RESET#': ['PutItem'] },
    },
    mail: true,
    assets: ['GetObject'],
  },
  confirmPasswordReset: { table: { read: 'query', write: { 'THROTTLE#': ['PutItem', 'UpdateItem'] } } },
  // Public: consumes the password link, sets the password, ends every session, lifts the sign-in lock.
  resetPassword: {
    table: {
      read: 'query',
      write: { 'TOKEN#RESET#': ['UpdateItem'], 'THROTTLE#': THROTTLE, 'USER#': END_SESSIONS },
    },
    cognito: ['AdminSetUserPassword', 'AdminUserGlobalSignOut'],
  },
  // Public: the e-mail change link moves the login (e-mail markers, the user record and its membership links).
  confirmEmailChange: {
    table: {
      read: 'query',
      write: {
        'TOKEN#EMAIL#': ['UpdateItem'],
        'USER#': ['PutItem'],
        // The user's listing entries carry its e-mail (functions/lib/data/directory.ts), and so do its sorted index
        // rows (functions/lib/data/sorted-index.ts), rewritten and moved, and the bucket counts of the rows that move
        // (functions/lib/data/order-buckets.ts: an Update, and a rebalance's layout Put).
        'DIR#': ['UpdateItem'],
        'LIST#': ['PutItem', 'DeleteItem', 'UpdateItem'],
        'UNIQUE#EMAIL#': ['PutItem', 'DeleteItem', 'ConditionCheckItem'],
        'AUDIT#': ['PutItem'],
      },
    },
    cognito: ['AdminUpdateUserAttributes'],
  },

  // documents and folders: folder lists and templates read and write the table only; documents also reach
  // the documents bucket with exactly what each handler sends (a presigned POST is signed for PutObject).
  listFolders: READ,
  listUserFolders: READ,
  listTaxFolders: READ,
  listUserTaxFolders: READ,
  listFolderTemplates: READ,
  createFolderTemplate: ADMIN_WRITE,
  patchFolderTemplate: ADMIN_WRITE,
  deleteFolderTemplate: ADMIN_WRITE,
  // tax calendar: a year's rules (one item per year) and each society's settings and filings (its TAXCAL# partition),
  // each write with its audit item. A filing with its form is a document upload (the same writes and objects).
  getTaxRules: READ,
  putTaxRules: { table: { read: 'query', write: { 'TAXRULES#': ['PutItem'], 'AUDIT#': ['PutItem'] } } },
  getSocietyTaxCalendar: READ,
  getTaxMonth: READ,
  putSocietyTaxSettings: { table: { read: 'query', write: { 'TAXCAL#': ['PutItem'], 'AUDIT#': ['PutItem'] } } },
  markTaxObligationFiled: { ...ADMIN_WRITE, documents: ['PutObject', 'DeleteObject'] },
  withdrawTaxFiling: { table: { read: 'query', write: { 'TAXCAL#': ['DeleteItem'], 'AUDIT#': ['PutItem'] } } },
  uploadDocument: { ...ADMIN_WRITE, documents: ['PutObject', 'DeleteObject'] },
  createDocumentUpload: { ...ADMIN_WRITE, documents: ['PutObject'] },
  confirmDocumentUpload: { ...ADMIN_WRITE, documents: ['GetObject', 'PutObject', 'DeleteObject'] },
  patchDocument: ADMIN_WRITE,
  deleteDocument: { ...ADMIN_WRITE, documents: ['DeleteObject'] },
  downloadDocument: { ...READ, documents: ['GetObject'] },
  createShareToken: {
    table: {
      read: 'query',
      write: { 'SHARE#': ['PutItem'], 'SHARELINK#': ['PutItem'], 'DIR#DOCUMENT#': ['UpdateItem'] },
    },
  },
  listShareLinks: READ,
  revokeShareLink: { table: { read: 'query', write: { 'SHARE#': ['UpdateItem'], 'DIR#DOCUMENT#': ['UpdateItem'] } } },
  // Public: counts the use on the link and logs every attempt under the link's own partition.
  downloadSharedDocument: {
    table: { read: 'query', write: { 'SHARE#': ['PutItem', 'UpdateItem'] } },
    documents: ['GetObject'],
  },
  listNotifications: READ,
  markNotificationsRead: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  // external: contact and support tickets
  // Public: the per-address contact throttle, then one mail to the firm.
  postContactEmail: { table: { read: 'query', write: { 'THROTTLE#': ['PutItem', 'UpdateItem'] } }, mail: true },
  // The per-user ticket throttle, the firm's daily quota, the project's ticket counter, the ticket, its first message
  // and its listing entries, the attachments' items and clean-up markers claimed
  // (functions/lib/data/tickets.ts), the attachments' HEAD and first bytes, then one mail to the project.
  postSupportTicket: {
    table: {
      read: 'query',
      write: {
        'THROTTLE#': ['PutItem', 'UpdateItem'],
        'QUOTA#': ['UpdateItem'],
        'TICKETNO#': ['PutItem'],
        'TICKET#': ['PutItem'],
        'TICKETFILE#': ['UpdateItem'],
        'CLEANUP#': ['DeleteItem'],
        'DIR#': ['UpdateItem'],
      },
    },
    documents: ['GetObject'],
    mail: true,
  },
  // The conversation. A message: its throttle, the ticket and the message, the entries, the attachments'
  // files and markers; a mail to the other side (the firm's logo read for the client's mail).
  postSupportTicketMessage: {
    table: {
      read: 'query',
      write: {
        'THROTTLE#': ['PutItem', 'UpdateItem'],
        'TICKET#': ['PutItem'],
        'TICKETFILE#': ['UpdateItem'],
        'CLEANUP#': ['DeleteItem'],
        'DIR#': ['UpdateItem'],
      },
    },
    documents: ['GetObject'],
    assets: ['GetObject'],
    mail: true,
  },
  // The presigned POST of an attachment: its throttle, the pending upload and its clean-up marker.
  createTicketAttachmentUpload: {
    table: {
      read: 'query',
      write: { 'THROTTLE#': ['PutItem', 'UpdateItem'], 'TICKETFILE#': ['PutItem'], 'CLEANUP#': ['PutItem'] },
    },
    documents: ['PutObject'],
  },
  getSupportTicket: READ,
  listMySupportTickets: READ,
  ticketAttachmentLink: { ...READ, documents: ['GetObject'] },
  listSupportTickets: READ,
  // The chatbot reads its articles from the table (the shared ones and the firm's); Bedrock phrases, when configured.
  askChatbot: { ...READ_SPENDING, chatbotModel: true },
  // An article and its list's count and version change in one transaction (functions/lib/data/chatbot-articles.ts).
  listChatbotArticles: READ,
  createChatbotArticle: { table: { read: 'query', write: { 'CHATBOT#': ['PutItem', 'UpdateItem'] } } },
  patchChatbotArticle: { table: { read: 'query', write: { 'CHATBOT#': ['PutItem', 'UpdateItem'] } } },
  deleteChatbotArticle: { table: { read: 'query', write: { 'CHATBOT#': ['DeleteItem', 'UpdateItem'] } } },
  patchSupportTicket: { table: { read: 'query', write: { 'TICKET#': ['PutItem'], 'DIR#': ['UpdateItem'] } } },
  // messages: a society's threads (functions/lib/data/messages.ts). A thread or a message writes the thread, its messages
  // and read markers (THREAD#), its list entry (THREADS#), each recipient's unread state (UNREAD#), its attachments'
  // claims (MSGFILE#) and the hour's notice queue (MSGNOTICE#); a new thread is audited. Its attachments become
  // documents first, as confirmDocumentUpload makes them (the document's item, name, folder entries, feeds, digest
  // queue and sizes over many partitions, the upload consumed and its marker claimed; the object HEAD, read, copied and
  // the upload removed): the same grant as that confirm's. Reading a thread writes the reader's marker and removes
  // its unread state. A thread about a request item also writes the request (REQUEST#), which lists it.
  listSocietyThreads: READ,
  getThread: READ,
  getMessagesUnread: READ,
  createThread: { ...ADMIN_WRITE, documents: ['GetObject', 'PutObject', 'DeleteObject'] },
  postThreadMessage: { ...ADMIN_WRITE, documents: ['GetObject', 'PutObject', 'DeleteObject'] },
  // A person's notices of new messages on or off (one UpdateItem of its record), from its profile or the notice mail's
  // unsubscribe link (a token read).
  putMessageNoticePreference: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  unsubscribeMessageNotices: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  // The presigned POST of an attachment: its throttle, the pending upload and its clean-up marker.
  createMessageAttachmentUpload: {
    table: {
      read: 'query',
      write: { 'THROTTLE#': ['PutItem', 'UpdateItem'], 'UPLOAD#': ['PutItem'], 'CLEANUP#': ['PutItem'] },
    },
    documents: ['PutObject'],
  },
  messageAttachmentLink: { ...READ, documents: ['GetObject'] },
  markThreadRead: { table: { read: 'query', write: { 'THREAD#': ['PutItem'], 'UNREAD#': ['DeleteItem'] } } },
  // document requests' templates and schedules (functions/lib/data/request-templates.ts): a template and its project
  // list's copy (REQTPL#, REQTPLS#), a schedule, its copy and its place in the daily job's queue (REQSCHED#,
  // REQSCHEDS#), each change audited. Editing a template places its schedules' next days again; deleting it deletes them.
  listRequestTemplates: READ,
  // An item's template file named for the first time lands with the template: its record (REQFILE#) in the transaction
  // that spends its upload (UPLOAD#) and claims its marker (CLEANUP#); the upload HEAD, read, copied and removed.
  createRequestTemplate: {
    table: {
      read: 'query',
      write: {
        'REQTPL#': ['PutItem'],
        'REQTPLS#': ['PutItem'],
        'AUDIT#': ['PutItem'],
        ...REQUEST_FILE_WRITES,
      },
    },
    documents: REQUEST_FILE_OBJECTS,
  },
  putRequestTemplate: {
    table: {
      read: 'query',
      write: {
        'REQTPL#': ['PutItem'],
        'REQTPLS#': ['PutItem'],
        'REQSCHED#': ['PutItem', 'DeleteItem'],
        'REQSCHEDS#': ['PutItem'],
        'AUDIT#': ['PutItem'],
        ...REQUEST_FILE_WRITES,
      },
    },
    documents: REQUEST_FILE_OBJECTS,
  },
  deleteRequestTemplate: {
    table: {
      read: 'query',
      write: {
        'REQTPL#': ['DeleteItem'],
        'REQTPLS#': ['DeleteItem'],
        'REQSCHED#': ['DeleteItem'],
        'REQSCHEDS#': ['DeleteItem'],
        'AUDIT#': ['PutItem'],
      },
    },
  },
  listRequestSchedules: READ,
  createRequestSchedule: {
    table: { read: 'query', write: { 'REQSCHED#': ['PutItem'], 'REQSCHEDS#': ['PutItem'], 'AUDIT#': ['PutItem'] } },
  },
  deleteRequestSchedule: {
    table: {
      read: 'query',
      write: { 'REQSCHED#': ['DeleteItem'], 'REQSCHEDS#': ['DeleteItem'], 'AUDIT#': ['PutItem'] },
    },
  },
  // A person's request reminders on or off (one UpdateItem of its record), from its profile or the reminder mail's
  // unsubscribe link (a token read).
  putRequestReminderPreference: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  unsubscribeRequestReminders: { table: { read: 'query', write: { 'USER#': ['UpdateItem'] } } },
  // document requests (functions/lib/data/requests.ts): a request (REQUEST#) with its listing rows (REQS#, moved between
  // state buckets) and its reminder row (REMIND#), each change audited. Making requests writes many societies' at once
  // and queues their mails; an item's upload is the documents' direct upload (the pending upload and its marker, then
  // the document's own writes with the item's delivery); a return queues its mail (locally, the table's outbox).
  listRequests: READ,
  getRequest: READ,
  createRequest: { ...ADMIN_WRITE, mailQueue: true, documents: REQUEST_FILE_OBJECTS },
  cancelRequest: { table: { read: 'query', write: REQUEST_WRITES } },
  answerRequestItemNotApplicable: { table: { read: 'query', write: REQUEST_WRITES } },
  reviewRequestItem: {
    table: { read: 'query', write: { ...REQUEST_WRITES, 'OUTBOX#': ['PutItem'] } },
    mailQueue: true,
  },
  createRequestItemUpload: {
    table: { read: 'query', write: { 'UPLOAD#': ['PutItem'], 'CLEANUP#': ['PutItem'] } },
    documents: ['PutObject'],
  },
  confirmRequestItemUpload: { ...ADMIN_WRITE, documents: ['GetObject', 'PutObject', 'DeleteObject'] },
  // Items' template files: the presigned POST (the pending upload and its marker, as an item's upload), and the
  // one-minute link of a request's item (a presigned GET).
  createRequestFileUpload: {
    table: { read: 'query', write: { 'UPLOAD#': ['PutItem'], 'CLEANUP#': ['PutItem'] } },
    documents: ['PutObject'],
  },
  requestItemTemplateFile: { ...READ, documents: ['GetObject'] },
  // modules, reports and accounting assignments (assignments)
  listModules: READ,
  createModule: ADMIN_WRITE,
  patchModule: ADMIN_WRITE,
  deleteModule: ADMIN_WRITE,
  getModuleReport: READ,
  getModuleAccounting: READ,
  listReports: { ...READ, assets: ['GetObject'] },
  searchReports: { ...READ, assets: ['GetObject'] },
  createReport: { ...ADMIN_WRITE, assets: IMAGES },
  getReportAdmin: { ...READ, assets: ['GetObject'] },
  patchReport: { ...ADMIN_WRITE, assets: IMAGES },
  deleteReport: { ...ADMIN_WRITE, assets: ['DeleteObject'] },
  // QuickSight's GenerateEmbedUrl* and the Power BI secret's ssm:GetParameter, as far as the deployment configures them.
  // The registry of embeddable dashboards: SUPER_ADMIN writes; the report form reads its choices.
  listRegistryEntries: READ,
  createRegistryEntry: { ...ADMIN_WRITE, embeddingRegistry: true },
  patchRegistryEntry: ADMIN_WRITE,
  deleteRegistryEntry: ADMIN_WRITE,
  listRegistryChoices: READ,
  getReport: { ...READ_SPENDING, embedding: true },
  getReportDashboard: READ,
  listReportReferences: READ,
  listReportAudience: READ,
  putReportReference: { table: { read: 'query', write: { 'REPORT_REF#': ['PutItem'], 'REPORT_REFS#': ['PutItem'] } } },
  listAccountingAssignments: READ,
  searchAccountingAssignments: READ,
  createAccountingAssignment: ADMIN_WRITE,
  getAccountingAssignment: READ,
  patchAccountingAssignment: ADMIN_WRITE,
  deleteAccountingAssignment: ADMIN_WRITE,
  // accounting: imports write the chart, new slice versions and the pointer (scope checked in code);
  // statements and drill-down only read.
  importAccountingChart: ADMIN_WRITE,
  importAccountingLedger: ADMIN_WRITE,
  balance8columnsAvailableDates: READ,
  financialSituationAvailableDates: READ,
  statusResultsAvailableDates: READ,
  cashflowAvailableDates: READ,
  balance8columnsReport: READ,
  financialSituationReport: READ,
  statusResultsReport: READ,
  cashflowReport: READ,
  balance8columnsDetail: READ,
  financialSituationDetail: READ,
  statusResultsDetail: READ,
  // A statement's PDF carries its firm's logo, read from the assets bucket.
  balance8columnsPdf: { ...READ_SPENDING, assets: ['GetObject'] },
  financialSituationPdf: { ...READ_SPENDING, assets: ['GetObject'] },
  statusResultsPdf: { ...READ_SPENDING, assets: ['GetObject'] },
  cashflowPdf: { ...READ_SPENDING, assets: ['GetObject'] },
  balance8columnsExcel: READ_SPENDING,
  financialSituationExcel: READ_SPENDING,
  statusResultsExcel: READ_SPENDING,
  accountingViewerSocieties: READ,
  cashflowDetail: READ,
  // Large ledger files: the presigned POST needs PutObject on the documents bucket (its uploads/ prefix);
  // the confirm call HEADs the object and, locally, runs the job in process (reads the file, writes the import).
  requestLedgerUpload: { table: { read: 'query', write: { 'ACCJOB#': ['PutItem'] } }, documents: ['PutObject'] },
  confirmLedgerUpload: { ...ADMIN_WRITE, documents: ['GetObject'] },
  // The poll ends a stalled job (FAILED), its only write.
  ledgerUploadStatus: { table: { read: 'query', write: { 'ACCJOB#': ['UpdateItem'] } } },
};

/**
 * The garbage sweeper (functions/maintenance/sweep-garbage.ts; infra/constructs/sweeper-schedule.ts), which is no
 * endpoint: it reads the due clean-up markers (a Query) and the ledger pointer, takes and removes the markers, deletes
 * what they name (objects of either bucket, identities, report references, unused ledger versions: their aggregate
 * under ACCOUNTING#, their lines under LEDGER#), and nothing else.
 */
export const SWEEPER_PERMISSIONS: Permissions = {
  table: {
    read: 'query',
    write: {
      'CLEANUP#': ['UpdateItem', 'DeleteItem'],
      'ACCOUNTING#': ['DeleteItem'],
      'LEDGER#': ['DeleteItem'],
      'REPORT_REF#': ['DeleteItem'],
      'REPORT_REFS#': ['DeleteItem'],
    },
  },
  assets: ['DeleteObject'],
  documents: ['DeleteObject'],
  cognito: ['AdminDeleteUser'],
};

/**
 * The daily document digest (functions/documents/document-digest.ts; infra/constructs/digest-schedule.ts), no
 * endpoint: it reads the day's queue (a Query) and the records it names, claims each mail and records its outcome
 * (DIGEST#), writes its unsubscribe link (TOKEN#DIGEST#), spends the firm's digest quota (QUOTA#), reads the firm's
 * logo and sends the mail.
 */
export const DIGEST_PERMISSIONS: Permissions = {
  table: {
    read: 'query',
    write: {
      'DIGEST#': ['PutItem', 'UpdateItem', 'DeleteItem'],
      'TOKEN#DIGEST#': ['PutItem'],
      'QUOTA#': ['UpdateItem'],
    },
  },
  assets: ['GetObject'],
  mail: true,
};

/**
 * The hourly notice of new messages (functions/messages/message-notice.ts; infra/constructs/message-notice-schedule.ts),
 * no endpoint: it reads the hour's queue (a Query) and the records and unread states it names, claims each mail and
 * records its outcome (MSGNOTICE#), writes its unsubscribe link (TOKEN#NOTICE#), spends the firm's notice quota
 * (QUOTA#), reads the firm's logo and sends the mail.
 */
export const MESSAGE_NOTICE_PERMISSIONS: Permissions = {
  table: {
    read: 'query',
    write: {
      'MSGNOTICE#': ['PutItem', 'UpdateItem', 'DeleteItem'],
      'TOKEN#NOTICE#': ['PutItem'],
      'QUOTA#': ['UpdateItem'],
    },
  },
  assets: ['GetObject'],
  mail: true,
};

/**
 * The daily recurring requests (functions/requests/generate-recurring-requests.ts; infra/constructs/request-jobs.ts),
 * no endpoint: it reads the schedules' queue by day (a Query), their templates, targets and societies; makes each
 * period's requests (REQUEST#, their listing rows REQS# and first reminder rows REMIND#, conditional Puts) and moves the
 * schedule on (REQSCHED#, its list copy REQSCHEDS#), deleting a schedule left by its template's deletion; queues the
 * mails of the requests made (the mail queue).
 */
export const RECURRING_REQUESTS_PERMISSIONS: Permissions = {
  table: {
    read: 'query',
    write: {
      'REQUEST#': ['PutItem'],
      'REQS#': ['PutItem'],
      'REMIND#': ['PutItem'],
      'REQSCHED#': ['PutItem', 'DeleteItem'],
      'REQSCHEDS#': ['PutItem', 'DeleteItem'],
      // The local stand-in of the mail queue (no SQS in the local stack).
      'OUTBOX#': ['PutItem'],
    },
  },
  mailQueue: true,
};

/**
 * The daily request reminders (functions/requests/send-request-reminders.ts; infra/constructs/request-jobs.ts), no
 * endpoint: it reads the day's reminder rows (a Query) and the records they name, claims each mail and records its
 * outcome (REMIND#SENT#, and its state REMIND#STATE), writes its unsubscribe link (TOKEN#REMINDER#), spends the firm's
 * reminder quota (QUOTA#), moves each request's reminder row (the request REQUEST#, its listing rows REQS#, REMIND#),
 * reads the firm's logo and sends the mail.
 */
export const REQUEST_REMINDERS_PERMISSIONS: Permissions = {
  table: {
    read: 'query',
    write: {
      'REMIND#': ['PutItem', 'UpdateItem', 'DeleteItem'],
      'REQUEST#': ['PutItem'],
      'REQS#': ['PutItem'],
      'TOKEN#REMINDER#': ['PutItem'],
      'QUOTA#': ['UpdateItem'],
    },
  },
  assets: ['GetObject'],
  mail: true,
};

/**
 * The SES events handler (functions/external/ses-events.ts; infra/constructs/ses-events.ts), no endpoint: it puts a
 * hard-bounced or complaining address on the suppression list (SUPPRESSED#) and reads nothing. (`read` is required:
 * GetItem of the same partition, the narrowest grant there is.)
 */
export const SES_EVENTS_PERMISSIONS: Permissions = {
  table: { read: { get: ['SUPPRESSED#'] }, write: { 'SUPPRESSED#': ['PutItem'] } },
};

/** The declaration of one contract; throws for a contract that has none (so it cannot deploy with a guess). */
/** A contract's permissions with its share of the portal tokens' key: declared, or GetPublicKey if it authenticates. */
export function portalTokensOf(contract: Pick<Contract, 'access'>, permissions: Permissions): Permissions {
  if (permissions.portalTokens || contract.access === 'public') return permissions;
  return { ...permissions, portalTokens: ['GetPublicKey'] };
}

export function permissionsOf(
  contract: Pick<Contract, 'id'>,
  table: Readonly<Record<string, Permissions>> = PERMISSIONS,
): Permissions {
  const declared = Object.hasOwn(table, contract.id) ? table[contract.id] : undefined;
  if (!declared) {
    throw new Error(
      `Contract ${contract.id} declares no AWS permissions: add it to infra/permissions.ts (what its handler calls).`,
    );
  }
  return declared;
}
