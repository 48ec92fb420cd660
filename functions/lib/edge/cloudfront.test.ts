import * as sdk from '@aws-sdk/client-cloudfront';
import {
  CloudFrontClient,
  CNAMEAlreadyExists,
  CreateDistributionTenantCommand,
  DeleteDistributionTenantCommand,
  EntityNotFound,
  GetDistributionTenantCommand,
  GetManagedCertificateDetailsCommand,
  UpdateDistributionTenantCommand,
} from '@aws-sdk/client-cloudfront';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cloudFrontEdge } from './cloudfront';
import {
  type CertificateStatus,
  domainReport,
  installEdgeProvider,
  reconcileDomain,
  statusOf,
  tenantName,
} from './domains';

/**
 * The provisioning calls a project's save makes. CloudFront has no local emulator, so its client is MOCKED here
 * (aws-sdk-client-mock): what is checked is the exact request the portal sends and how it reads the answers.
 */
const cloudFront = mockClient(CloudFrontClient);
const PROJECT = '5d1f8a52-3c55-4e0f-9f3a-0c6d1a0e7b11';
const NAME = tenantName(PROJECT);
const settings = { distributionId: 'EMT123', connectionGroupId: 'cg_1', routingEndpoint: 'd111.cloudfront.net' };
const edge = () => cloudFrontEdge(sdk, { ...settings, client: new CloudFrontClient({ region: 'us-east-1' }) });

const notFound = () => new EntityNotFound({ message: 'not found', $metadata: {} });
const tenantAnswer = (over: { domain?: string; enabled?: boolean; status?: string; active?: boolean } = {}) => ({
  ETag: 'E1',
  DistributionTenant: {
    Id: 'dt_1',
    Name: NAME,
    Domains: [
      { Domain: over.domain ?? 'portal.firma.cl', Status: over.active ? ('active' as const) : ('inactive' as const) },
    ],
    Enabled: over.enabled ?? true,
    Status: over.status ?? 'InProgress',
  },
});

beforeEach(() => cloudFront.reset());
afterEach(() => installEdgeProvider(undefined));

describe('reconcileDomain against CloudFront (mocked client)', () => {
  test('a new domain creates one tenant on the multi-tenant distribution, in the connection group, with a managed certificate', async () => {
    cloudFront.on(GetDistributionTenantCommand).rejectsOnce(notFound()).resolves(tenantAnswer());
    cloudFront.on(CreateDistributionTenantCommand).resolves({});
    const { inUse, tenant } = await reconcileDomain(edge(), PROJECT, 'portal.firma.cl');
    expect(inUse).toBe(false);
    expect(tenant?.id).toBe('dt_1');
    const creates = cloudFront.commandCalls(CreateDistributionTenantCommand);
    expect(creates.map((c) => c.args[0].input)).toEqual([
      {
        DistributionId: 'EMT123',
        ConnectionGroupId: 'cg_1',
        Name: NAME,
        Domains: [{ Domain: 'portal.firma.cl' }],
        ManagedCertificateRequest: { ValidationTokenHost: 'cloudfront', PrimaryDomainName: 'portal.firma.cl' },
        Enabled: true,
      },
    ]);
    expect(cloudFront.commandCalls(UpdateDistributionTenantCommand)).toHaveLength(0);
  });

  test('the same domain again changes nothing (a save without a domain change, or a refresh)', async () => {
    cloudFront.on(GetDistributionTenantCommand).resolves(tenantAnswer());
    await reconcileDomain(edge(), PROJECT, 'portal.firma.cl');
    expect(cloudFront.commandCalls(CreateDistributionTenantCommand)).toHaveLength(0);
    expect(cloudFront.commandCalls(UpdateDistributionTenantCommand)).toHaveLength(0);
  });

  test('a changed domain updates the tenant at its version, with a new certificate request', async () => {
    cloudFront
      .on(GetDistributionTenantCommand)
      .resolvesOnce(tenantAnswer({ domain: 'old.firma.cl' }))
      .resolves(tenantAnswer({ domain: 'nuevo.firma.cl' }));
    cloudFront.on(UpdateDistributionTenantCommand).resolves({});
    await reconcileDomain(edge(), PROJECT, 'nuevo.firma.cl');
    expect(cloudFront.commandCalls(UpdateDistributionTenantCommand).map((c) => c.args[0].input)).toEqual([
      {
        Id: 'dt_1',
        IfMatch: 'E1',
        DistributionId: 'EMT123',
        ConnectionGroupId: 'cg_1',
        Enabled: true,
        Domains: [{ Domain: 'nuevo.firma.cl' }],
        ManagedCertificateRequest: { ValidationTokenHost: 'cloudfront', PrimaryDomainName: 'nuevo.firma.cl' },
      },
    ]);
    expect(cloudFront.commandCalls(CreateDistributionTenantCommand)).toHaveLength(0);
  });

  test('a removed domain disables the tenant first, and deletes it once CloudFront has deployed that', async () => {
    cloudFront
      .on(GetDistributionTenantCommand)
      .resolvesOnce(tenantAnswer())
      .resolves(tenantAnswer({ enabled: false, status: 'InProgress' }));
    cloudFront.on(UpdateDistributionTenantCommand).resolves({});
    await reconcileDomain(edge(), PROJECT, null);
    expect(cloudFront.commandCalls(UpdateDistributionTenantCommand).map((c) => c.args[0].input.Enabled)).toEqual([
      false,
    ]);
    expect(cloudFront.commandCalls(DeleteDistributionTenantCommand)).toHaveLength(0);

    // Still deploying: nothing to do yet.
    await reconcileDomain(edge(), PROJECT, null);
    expect(cloudFront.commandCalls(DeleteDistributionTenantCommand)).toHaveLength(0);

    cloudFront.on(GetDistributionTenantCommand).resolves(tenantAnswer({ enabled: false, status: 'Deployed' }));
    cloudFront.on(DeleteDistributionTenantCommand).resolves({});
    const { tenant } = await reconcileDomain(edge(), PROJECT, null);
    expect(tenant).toBeUndefined();
    expect(cloudFront.commandCalls(DeleteDistributionTenantCommand).map((c) => c.args[0].input)).toEqual([
      { Id: 'dt_1', IfMatch: 'E1' },
    ]);
    expect(cloudFront.commandCalls(UpdateDistributionTenantCommand)).toHaveLength(1);
  });

  test('no domain and no tenant: no call but the read', async () => {
    cloudFront.on(GetDistributionTenantCommand).rejects(notFound());
    await reconcileDomain(edge(), PROJECT, null);
    expect(cloudFront.calls()).toHaveLength(1);
  });

  test('a domain CloudFront already serves elsewhere is reported in use, and nothing is created', async () => {
    cloudFront.on(GetDistributionTenantCommand).rejects(notFound());
    cloudFront
      .on(CreateDistributionTenantCommand)
      .rejects(new CNAMEAlreadyExists({ message: 'CNAME already exists', $metadata: {} }));
    const { inUse, tenant } = await reconcileDomain(edge(), PROJECT, 'tomado.cl');
    expect(inUse).toBe(true);
    expect(tenant).toBeUndefined();

    installEdgeProvider(edge());
    const report = await domainReport(PROJECT, 'https://tomado.cl');
    expect(report).toMatchObject({ domain: 'tomado.cl', status: 'in_use', dns_records: [] });
  });

  test('any other failure reaches the caller (the save logs it and the refresh retries)', async () => {
    cloudFront.on(GetDistributionTenantCommand).rejects(new Error('Throttling'));
    await expect(reconcileDomain(edge(), PROJECT, 'portal.firma.cl')).rejects.toThrow('Throttling');
  });
});

describe('the domain report and its status mapping', () => {
  test('a fresh tenant is pending, with the CNAME to the routing endpoint and the certificate token path', async () => {
    cloudFront.on(GetDistributionTenantCommand).resolves(tenantAnswer());
    cloudFront.on(GetManagedCertificateDetailsCommand).resolves({
      ManagedCertificateDetails: {
        CertificateStatus: 'pending-validation',
        ValidationTokenHost: 'cloudfront',
        ValidationTokenDetails: [
          {
            Domain: 'portal.firma.cl',
            RedirectFrom: 'portal.firma.cl/.well-known/pki-validation/abc.txt',
            RedirectTo: 'validation.cloudfront.net/abc.txt',
          },
        ],
      },
    });
    installEdgeProvider(edge());
    expect(await domainReport(PROJECT, 'https://portal.firma.cl/')).toEqual({
      uuid: PROJECT,
      domain: 'portal.firma.cl',
      status: 'pending',
      certificate_status: 'pending-validation',
      dns_records: [{ type: 'CNAME', name: 'portal.firma.cl', value: 'd111.cloudfront.net' }],
      validation: [
        {
          domain: 'portal.firma.cl',
          redirect_from: 'portal.firma.cl/.well-known/pki-validation/abc.txt',
          redirect_to: 'validation.cloudfront.net/abc.txt',
        },
      ],
    });
    expect(cloudFront.commandCalls(GetManagedCertificateDetailsCommand)[0]?.args[0].input).toEqual({
      Identifier: 'dt_1',
    });
  });

  const tenant = (over: Partial<{ enabled: boolean; deployed: boolean; active: boolean; domain: string }> = {}) => ({
    id: 'dt_1',
    etag: 'E1',
    domains: [over.domain ?? 'a.cl'],
    activeDomains: over.active === false ? [] : [over.domain ?? 'a.cl'],
    enabled: over.enabled ?? true,
    deployed: over.deployed ?? true,
  });
  const cert = (status: CertificateStatus) => ({
    status,
    validation: [],
  });

  test.each([
    ['no tenant yet', undefined, undefined, 'provisioning'],
    ['a tenant with another domain', tenant({ domain: 'b.cl' }), cert('issued'), 'provisioning'],
    ['a disabled tenant', tenant({ enabled: false }), cert('issued'), 'provisioning'],
    ['certificate pending validation', tenant(), cert('pending-validation'), 'pending'],
    ['no certificate details yet', tenant(), undefined, 'pending'],
    ['issued, still deploying', tenant({ deployed: false }), cert('issued'), 'pending'],
    ['issued, domain not active yet', tenant({ active: false }), cert('issued'), 'pending'],
    ['issued, deployed and active', tenant(), cert('issued'), 'active'],
    ['validation failed', tenant(), cert('failed'), 'failed'],
    ['validation timed out', tenant(), cert('validation-timed-out'), 'failed'],
    ['certificate expired', tenant(), cert('expired'), 'failed'],
    ['certificate revoked', tenant(), cert('revoked'), 'failed'],
  ] as const)('%s → %s', (_what, t, c, expected) => {
    expect(statusOf('a.cl', t, c)).toBe(expected);
  });

  test('without a provider (no multi-tenant distribution configured) a domain is unavailable, not pretended', async () => {
    expect(await domainReport(PROJECT, 'https://a.cl')).toMatchObject({ status: 'unavailable', dns_records: [] });
    expect(await domainReport(PROJECT, null)).toMatchObject({ domain: null, status: 'none' });
    expect(cloudFront.calls()).toHaveLength(0);
  });
});
