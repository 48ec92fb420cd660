import type * as CloudFrontSdk from '@aws-sdk/client-cloudfront';
import { DomainInUseError, type EdgeCertificate, type EdgeProvider, type EdgeTenant } from './domains';

/**
 * CloudFront SaaS Manager through the SDK (a service the light clients do not cover: docs/decisions/light-aws-clients.md).
 * The certificate is requested with the tenant and validated by CloudFront itself (ValidationTokenHost `cloudfront`):
 * it answers the token once the firm's CNAME points at the connection group, so the firm creates one record only.
 * The SDK module is passed in, loaded only when a domain is provisioned: functions/lib/edge/domains.ts imports it from
 * the Lambda runtime's own SDK (infra/bundling.ts RUNTIME_SDK_CLIENTS), so it weighs nothing in the bundles.
 */
export function cloudFrontEdge(
  sdk: typeof CloudFrontSdk,
  settings: {
    distributionId: string;
    connectionGroupId: string;
    routingEndpoint: string;
    client?: CloudFrontSdk.CloudFrontClient;
  },
): EdgeProvider {
  const {
    CloudFrontClient,
    CNAMEAlreadyExists,
    CreateDistributionTenantCommand,
    DeleteDistributionTenantCommand,
    EntityAlreadyExists,
    EntityNotFound,
    GetDistributionTenantCommand,
    GetManagedCertificateDetailsCommand,
    UpdateDistributionTenantCommand,
  } = sdk;
  // CloudFront's API is global, served from us-east-1.
  const client = settings.client ?? new CloudFrontClient({ region: 'us-east-1' });
  const certificateRequest = { ValidationTokenHost: 'cloudfront' as const };

  return {
    routingEndpoint: settings.routingEndpoint,

    async getTenant(name) {
      try {
        const { DistributionTenant: t, ETag } = await client.send(
          new GetDistributionTenantCommand({ Identifier: name }),
        );
        if (!t?.Id || !ETag) return undefined;
        const tenant: EdgeTenant = {
          id: t.Id,
          etag: ETag,
          domains: (t.Domains ?? []).map((d) => d.Domain ?? '').filter(Boolean),
          activeDomains: (t.Domains ?? []).filter((d) => d.Status === 'active').map((d) => d.Domain ?? ''),
          enabled: t.Enabled !== false,
          deployed: t.Status === 'Deployed',
        };
        return tenant;
      } catch (error) {
        if (error instanceof EntityNotFound) return undefined;
        throw error;
      }
    },

    async createTenant(name, domain) {
      try {
        await client.send(
          new CreateDistributionTenantCommand({
            DistributionId: settings.distributionId,
            ConnectionGroupId: settings.connectionGroupId,
            Name: name,
            Domains: [{ Domain: domain }],
            ManagedCertificateRequest: { ...certificateRequest, PrimaryDomainName: domain },
            Enabled: true,
          }),
        );
      } catch (error) {
        if (error instanceof CNAMEAlreadyExists) throw new DomainInUseError(domain);
        // A concurrent save created it first: the caller reads it again.
        if (error instanceof EntityAlreadyExists) return;
        throw error;
      }
    },

    async updateTenant(tenant, change) {
      try {
        await client.send(
          new UpdateDistributionTenantCommand({
            Id: tenant.id,
            IfMatch: tenant.etag,
            DistributionId: settings.distributionId,
            ConnectionGroupId: settings.connectionGroupId,
            Enabled: change.enabled,
            ...(change.enabled
              ? {
                  Domains: [{ Domain: change.domain }],
                  ManagedCertificateRequest: { ...certificateRequest, PrimaryDomainName: change.domain },
                }
              : {}),
          }),
        );
      } catch (error) {
        if (change.enabled && error instanceof CNAMEAlreadyExists) throw new DomainInUseError(change.domain);
        throw error;
      }
    },

    async deleteTenant(tenant) {
      try {
        await client.send(new DeleteDistributionTenantCommand({ Id: tenant.id, IfMatch: tenant.etag }));
      } catch (error) {
        if (!(error instanceof EntityNotFound)) throw error;
      }
    },

    async certificate(tenant): Promise<EdgeCertificate | undefined> {
      try {
        const { ManagedCertificateDetails: details } = await client.send(
          new GetManagedCertificateDetailsCommand({ Identifier: tenant.id }),
        );
        if (!details?.CertificateStatus) return undefined;
        return {
          status: details.CertificateStatus,
          validation: (details.ValidationTokenDetails ?? []).map((v) => ({
            domain: v.Domain ?? '',
            redirectFrom: v.RedirectFrom ?? '',
            redirectTo: v.RedirectTo ?? '',
          })),
        };
      } catch (error) {
        if (error instanceof EntityNotFound) return undefined;
        throw error;
      }
    },
  };
}
