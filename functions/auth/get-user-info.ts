import { getUserInfo } from '../../shared/contracts/auth';
import { CLIENT_ROLES } from '../../shared/roles';
import { hasActiveFactor } from '../lib/data/second-factors';
import { hasAnyDocumentation } from '../lib/data/user-documentation';
import { getMemberships } from '../lib/data/users';
import { assetUrl } from '../lib/files';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/users/info/: the caller's profile (portal spec §3) and its memberships. */
export const handler = httpHandler(getUserInfo, async ({ caller }) => {
  const { user } = caller;
  const [memberships, secondFactor] = await Promise.all([getMemberships(user), hasActiveFactor(user.uuid)]);
  return {
    user: { uuid: user.uuid, first_name: user.first_name, last_name: user.last_name, email: user.email },
    profile: {
      user_role: user.user_role,
      image: await assetUrl(user.image),
      phone_number: user.phone_number,
      position: user.position,
      // Kept per firm: the Documentos entry shows when some firm opened its documents to the caller.
      user_documentation: hasAnyDocumentation(user),
      rut_user: user.rut_user,
      user_description: user.user_description,
      user_magnus: user.user_magnus,
      document_digest: (CLIENT_ROLES as readonly string[]).includes(user.user_role)
        ? user.document_digest !== false
        : null,
      request_reminders: (CLIENT_ROLES as readonly string[]).includes(user.user_role)
        ? user.request_reminders !== false
        : null,
      message_notices: user.message_notices !== false,
      second_factor: secondFactor,
    },
    // The portal URL goes along (the invite form says where its links lead), and the firm's contacts (the help menu's
    // on the portal's generic address, which no firm brands).
    projects: memberships.projects.map(({ uuid, project_name, custom_portal_url, contact_phone, contact_email }) => ({
      uuid,
      project_name: String(project_name),
      custom_portal_url: (custom_portal_url as string | null | undefined) ?? null,
      contact_phone: (contact_phone as string | null | undefined) ?? null,
      contact_email: (contact_email as string | null | undefined) ?? null,
    })),
    groups: memberships.groups.map(({ uuid, group_name, project_uuid }) => ({
      uuid,
      group_name: String(group_name),
      project: String(project_uuid),
    })),
    societies: memberships.societies.map(({ uuid, society_business_name, group_uuid, project_uuid }) => ({
      uuid,
      society_business_name: String(society_business_name),
      group: String(group_uuid),
      project: String(project_uuid),
    })),
  };
});
