import type { z } from 'zod/mini';
import type { projectDomainSchema } from '../../shared/contracts/projects';
import { deleteEdgeDomain, putEdgeDomain } from '../lib/data/edge-domains';
import { nowIso } from '../lib/data/table';
import { domainOf, domainReport, provisionAfterSave } from '../lib/edge/domains';
import { logger } from '../lib/logger';
import {
  type FirmMailDomainView,
  firmMailDomain,
  refreshFirmMailDomain,
  removeFirmMailDomain,
  setFirmMailDomain,
} from '../lib/mail-identity';

/**
 * After a save that set, changed or removed a firm's own domain: its CloudFront tenant and its SES mail identity
 * follow the saved URL. The save stands whatever happens here; a failed step is logged and finished by the domain
 * screen's next read (firmDomainReport).
 */
export async function provisionFirmDomain(projectUuid: string, customPortalUrl: string | null): Promise<void> {
  const atTheEdge = await provisionAfterSave(projectUuid, customPortalUrl);
  // Until the edge reports the new domain active, mail links point at the portal's own address.
  const domain = domainOf(customPortalUrl);
  if (atTheEdge && domain)
    await putEdgeDomain({ project_uuid: projectUuid, domain, status: 'provisioning', checked: nowIso() });
  else await deleteEdgeDomain(projectUuid);
  try {
    if (customPortalUrl) await setFirmMailDomain(projectUuid, customPortalUrl);
    else await removeFirmMailDomain(projectUuid);
  } catch (error) {
    logger.warn('Mail domain left to the next refresh', { projectUuid, error: String(error) });
  }
}

/** The domain screen: what the edge and SES say now, each brought to the saved URL first. */
export async function firmDomainReport(project: {
  uuid: string;
  custom_portal_url: string | null;
}): Promise<z.infer<typeof projectDomainSchema>> {
  const [report, mail] = await Promise.all([
    domainReport(project.uuid, project.custom_portal_url),
    mailDomainNow(project.uuid, project.custom_portal_url),
  ]);
  if (report.domain && report.status !== 'unavailable')
    await putEdgeDomain({
      project_uuid: project.uuid,
      domain: report.domain,
      status: report.status,
      checked: nowIso(),
    });
  return { ...report, mail_domain: mail };
}

async function mailDomainNow(projectUuid: string, customPortalUrl: string | null): Promise<FirmMailDomainView | null> {
  if (!customPortalUrl) return null;
  try {
    await setFirmMailDomain(projectUuid, customPortalUrl);
    return await refreshFirmMailDomain(projectUuid);
  } catch (error) {
    logger.warn('Mail domain status not refreshed', { projectUuid, error: String(error) });
    return firmMailDomain(projectUuid);
  }
}
