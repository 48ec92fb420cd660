import { postPersonalizationLogin } from '../../shared/contracts/auth';
import { config } from '../lib/config';
import { getProjectByPortalUrl } from '../lib/data/projects';
import { notFound } from '../lib/errors';
import { assetUrl } from '../lib/files';
import { httpHandler } from '../lib/http/http-handler';

/** POST api/v1/personalization/login/ (public): the branding of the enabled project serving this portal URL. */
export const handler = httpHandler(postPersonalizationLogin, async ({ body }) => {
  const project = await getProjectByPortalUrl(body.custom_portal_url);
  if (!project?.enable) throw notFound();
  return {
    primary_color: project.primary_color,
    secondary_color: project.secondary_color,
    project_name: project.project_name,
    meta_title: project.meta_title,
    meta_content: project.meta_content,
    header_title: project.header_title,
    subtitle: project.subtitle,
    footer_disclaimer: project.footer_disclaimer,
    url_own_site: project.url_own_site,
    logo: await assetUrl(project.logo),
    icon: await assetUrl(project.icon),
    image: await assetUrl(project.image),
    contact_email: project.contact_email,
    contact_phone: project.contact_phone,
    custom_portal_url: project.custom_portal_url,
    // The deployment has an Entra ID app (config.ts) and the firm turned it on.
    microsoft_sign_in: Boolean(project.microsoft_tenant && config.microsoftClientId),
  };
});
