import type { Role } from '../../../shared/roles';

/** A user as stored. Memberships are uuid lists; the role decides which of them define the scope. */
export interface UserRecord {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  enable: boolean;
  user_role: Role;
  image: string | null;
  phone_number: string | null;
  position: string | null;
  /**
   * The projects (firms) whose documents the user may browse (portal §3 `user_documentation`): each firm
   * opens or closes its own, so one firm's admin cannot open another firm's documents to a person they share. Absent
   * on records written before: then `user_documentation` speaks for every project of the record (documentationProjects).
   */
  documentation_projects?: string[];
  /** The older shape, one flag for every firm. Read only through documentationProjects(). */
  user_documentation?: boolean;
  rut_user: string | null;
  user_description: string | null;
  user_magnus: string | null;
  project_uuids: string[];
  group_uuids: string[];
  society_uuids: string[];
  created: string;
  updated?: string;
  version: number;
  /** Epoch seconds: access tokens issued before it are refused (every session ended then). */
  sessions_valid_after?: number;
  /** An e-mail change waiting for its link: the login stays `email` until the new address confirms. */
  pending_email?: string | null;
  /** The hash of the link's token, so only the newest request's link confirms. */
  pending_email_token?: string | null;
  /**
   * Epoch seconds: share links this user minted before it never open again (set when the user is disabled,
   * so enabling it again does not bring its old public links back).
   */
  links_valid_after?: number;
  /** The daily digest of new documents (document-digest.ts): absent means on; false once the person turns it off. */
  document_digest?: boolean;
  /** Reminder mails of open document requests (send-request-reminders.ts): absent means on; false once turned off. */
  request_reminders?: boolean;
  /** The hourly notice of new messages (message-notice.ts): absent means on; false once the person turns it off. */
  message_notices?: boolean;
  /** ISO time of the last successful sign-in (users list 'Último ingreso'); absent when never. */
  last_login?: string;
  /** ISO time of the last sign-in by each way in (functions/lib/auth/open-session.ts); absent when never that way. */
  last_login_password?: string;
  last_login_microsoft?: string;
  last_login_passkey?: string;
  /**
   * The live access tokens of the user's sessions, by the token's `jti`: the portal its session started on
   * and when it expires. A call is admitted only with a token listed here, on that portal (http/authenticate.ts).
   */
  live_tokens?: Record<string, LiveToken>;
}

/** An access token's session: the portal (scheme and host, '' when none) and the token's expiry (epoch seconds). */
export interface LiveToken {
  portal: string;
  until: number;
}

export type MembershipField = 'project_uuids' | 'group_uuids' | 'society_uuids';

/** What a user joins or leaves: a project, a group (of a project) or a society (of a group of a project). */
export interface MembershipTarget {
  field: MembershipField;
  uuid: string;
  project_uuid: string;
  group_uuid?: string;
}
