import { logger } from '../logger';
import { hostOf } from '../url-host';

/**
 * A firm's own domain at the edge: one distribution tenant per project (named after it, so every call finds it
 * without a stored id) on the multi-tenant distribution, with a certificate CloudFront requests and validates itself.
 * The project's custom_portal_url is the desired state, written in the project's own transaction; `reconcileDomain`
 * brings the edge to it. Each of its steps is idempotent and reads the edge first, so a save that stopped half-way is
 * finished by the next reconcile (the domain screen's refresh), never left half-written.
 */

/** A distribution tenant as the portal needs it. */
export interface EdgeTenant {
  id: string;
  /** The version to name in an update or delete (CloudFront's ETag). */
  etag: string;
  domains: string[];
  enabled: boolean;
  /** Whether CloudFront finished deploying its last change (a tenant is deleted only disabled and deployed). */
  deployed: boolean;
  /** Per domain: whether CloudFront serves it. */
  activeDomains: string[];
}

export type CertificateStatus =
  | 'pending-validation'
  | 'issued'
  | 'failed'
  | 'expired'
  | 'revoked'
  | 'inactive'
  | 'validation-timed-out';

export interface EdgeCertificate {
  status: CertificateStatus;
  /** With CloudFront hosting the token: the HTTP path it answers once the domain points at it. */
  validation: Array<{ domain: string; redirectFrom: string; redirectTo: string }>;
}

/** What both CloudFront and the local stand-in offer. */
export interface EdgeProvider {
  /** The connection group's routing endpoint: the CNAME target of every firm's domain. */
  routingEndpoint: string;
  getTenant(name: string): Promise<EdgeTenant | undefined>;
  /** Throws DomainInUseError when the domain is already an alias elsewhere. */
  createTenant(name: string, domain: string): Promise<void>;
  updateTenant(tenant: EdgeTenant, change: { domain: string; enabled: true } | { enabled: false }): Promise<void>;
  deleteTenant(tenant: EdgeTenant): Promise<void>;
  certificate(tenant: EdgeTenant): Promise<EdgeCertificate | undefined>;
}

/** The domain is already served by another tenant or distribution (in this account or another). */
export class DomainInUseError extends Error {
  constructor(readonly domain: string) {
    super(`Domain ${domain} is already in use at the edge`);
    this.name = 'DomainInUseError';
  }
}

let installed: EdgeProvider | undefined;

/** local/ installs its stand-in here (there is no CloudFront locally); infra/ sets what AWS needs. */
export function installEdgeProvider(provider: EdgeProvider | undefined): void {
  installed = provider;
}

/** The provider of this environment, or none where domains are not provisioned (no multi-tenant distribution). */
export async function edgeProvider(): Promise<EdgeProvider | undefined> {
  if (installed) return installed;
  const distributionId = process.env.EDGE_DISTRIBUTION_ID;
  const connectionGroupId = process.env.EDGE_CONNECTION_GROUP_ID;
  const routingEndpoint = process.env.EDGE_ROUTING_ENDPOINT;
  if (!distributionId || !connectionGroupId || !routingEndpoint) return undefined;
  const [sdk, { cloudFrontEdge }] = await Promise.all([import('@aws-sdk/client-cloudfront'), import('./cloudfront')]);
  return cloudFrontEdge(sdk, { distributionId, connectionGroupId, routingEndpoint });
}

/** A project's tenant name: stable across domain changes, valid in CloudFront (letters, digits, hyphens). */
export const tenantName = (projectUuid: string) => `portal-${projectUuid}`;

/** The host of a custom_portal_url: the domain its tenant serves. */
export const domainOf = hostOf;

export type DomainStatus =
  /** No domain of its own: the portal's domain serves the firm. */
  | 'none'
  /** The edge does not match the saved domain yet (a save stopped half-way, or a removal waits for CloudFront). */
  | 'provisioning'
  /** The tenant exists; the firm's DNS or the certificate is not ready yet. */
  | 'pending'
  | 'active'
  /** The certificate could not be issued (validation failed or timed out, revoked, expired). */
  | 'failed'
  /** CloudFront refused the domain: another distribution or tenant already serves it. */
  | 'in_use'
  /** This environment provisions no domains. */
  | 'unavailable';

export interface DomainReport {
  uuid: string;
  domain: string | null;
  status: DomainStatus;
  certificate_status: CertificateStatus | null;
  dns_records: Array<{ type: 'CNAME'; name: string; value: string }>;
  validation: Array<{ domain: string; redirect_from: string; redirect_to: string }>;
}

const FAILED_CERTIFICATE: ReadonlySet<CertificateStatus> = new Set([
  'failed',
  'expired',
  'revoked',
  'validation-timed-out',
]);

/** The domain's status from what the edge says (exported for its tests). */
export function statusOf(
  domain: string,
  tenant: EdgeTenant | undefined,
  certificate: EdgeCertificate | undefined,
): DomainStatus {
  if (!tenant?.enabled || tenant.domains.length !== 1 || tenant.domains[0] !== domain) return 'provisioning';
  if (certificate && FAILED_CERTIFICATE.has(certificate.status)) return 'failed';
  if (certificate?.status === 'issued' && tenant.deployed && tenant.activeDomains.includes(domain)) return 'active';
  return 'pending';
}

/**
 * Brings the project's tenant to the desired domain (null: none), one idempotent step per call to the edge:
 * create; or change the domain (a new managed certificate with it); or, for no domain, disable then, once CloudFront
 * has deployed that, delete. Answers whether the domain was refused as in use.
 */
export async function reconcileDomain(
  edge: EdgeProvider,
  projectUuid: string,
  desired: string | null,
): Promise<{ inUse: boolean; tenant: EdgeTenant | undefined }> {
  const name = tenantName(projectUuid);
  let tenant = await edge.getTenant(name);
  try {
    if (desired) {
      if (!tenant) {
        await edge.createTenant(name, desired);
        tenant = await edge.getTenant(name);
      } else if (!tenant.enabled || tenant.domains.length !== 1 || tenant.domains[0] !== desired) {
        await edge.updateTenant(tenant, { domain: desired, enabled: true });
        tenant = await edge.getTenant(name);
      }
    } else if (tenant?.enabled) {
      await edge.updateTenant(tenant, { enabled: false });
      tenant = await edge.getTenant(name);
    } else if (tenant?.deployed) {
      await edge.deleteTenant(tenant);
      tenant = undefined;
    }
  } catch (error) {
    if (error instanceof DomainInUseError) return { inUse: true, tenant };
    throw error;
  }
  return { inUse: false, tenant };
}

/**
 * After a project's save: bring its domain to the saved value. The save is already done and stands; whatever the
 * edge cannot do now is logged and shown as 'provisioning' until the domain screen's refresh finishes it. False when
 * this environment provisions no domains.
 */
export async function provisionAfterSave(projectUuid: string, customPortalUrl: string | null): Promise<boolean> {
  const edge = await edgeProvider();
  if (!edge) return false;
  try {
    await reconcileDomain(edge, projectUuid, domainOf(customPortalUrl));
  } catch (error) {
    logger.warn('Domain provisioning left to the next refresh', { projectUuid, error: String(error) });
  }
  return true;
}

/** The domain screen: reconciles first (finishing a stopped save), then reports what the firm must do. */
export async function domainReport(projectUuid: string, customPortalUrl: string | null): Promise<DomainReport> {
  const domain = domainOf(customPortalUrl);
  const edge = await edgeProvider();
  const empty = { uuid: projectUuid, certificate_status: null, dns_records: [], validation: [] };
  if (!edge) return { domain, status: domain ? 'unavailable' : 'none', ...empty };
  const { inUse, tenant } = await reconcileDomain(edge, projectUuid, domain);
  if (!domain) return { domain, status: 'none', ...empty };
  if (inUse) return { domain, status: 'in_use', ...empty };
  const certificate = tenant ? await edge.certificate(tenant) : undefined;
  return {
    uuid: projectUuid,
    domain,
    status: statusOf(domain, tenant, certificate),
    certificate_status: certificate?.status ?? null,
    dns_records: [{ type: 'CNAME', name: domain, value: edge.routingEndpoint }],
    validation: (certificate?.validation ?? []).map((v) => ({
      domain: v.domain,
      redirect_from: v.redirectFrom,
      redirect_to: v.redirectTo,
    })),
  };
}
