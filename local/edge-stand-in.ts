import { randomUUID } from 'node:crypto';
import {
  DomainInUseError,
  type EdgeCertificate,
  type EdgeProvider,
  type EdgeTenant,
  installEdgeProvider,
} from '../functions/lib/edge/domains';

/**
 * CloudFront SaaS Manager stands in locally (there is no emulator): distribution tenants kept in this process's
 * memory, with CloudFront's rules that the portal relies on: one tenant per name, a domain served by one tenant
 * only, versions (ETag) checked on change and delete, a tenant deleted only when disabled. Every domain stays
 * 'pending-validation' until `validateDomain` says the firm's DNS is in place (POST /api/local/firm-domains/validate
 * on the local gateway), as CloudFront's certificate does until the firm's CNAME points at it.
 */
interface Stored {
  id: string;
  version: number;
  domain: string;
  enabled: boolean;
  validated: boolean;
}

/** Where a firm's CNAME would point; locally every *.localhost already reaches the loopback. */
export const LOCAL_ROUTING_ENDPOINT = 'firm-domains.localhost';

/**
 * This machine's own names, which the demo's two firms use: they answer without any DNS record, so their domains are
 * as ready as a firm's whose DNS is in place. Any other name (`<firm>.localhost`) waits for the validate route.
 */
const SERVED_HERE = new Set(['localhost', '127.0.0.1']);

export function edgeStandIn(): EdgeProvider & { validateDomain(domain: string): boolean } {
  const tenants = new Map<string, Stored>();
  const byId = (id: string) => [...tenants.values()].find((t) => t.id === id);
  const view = (t: Stored): EdgeTenant => ({
    id: t.id,
    etag: `E${t.version}`,
    domains: [t.domain],
    activeDomains: t.enabled && t.validated ? [t.domain] : [],
    enabled: t.enabled,
    deployed: true,
  });
  const holder = (domain: string) => [...tenants.entries()].find(([, t]) => t.domain === domain)?.[0];
  const current = (tenant: EdgeTenant) => {
    const stored = byId(tenant.id);
    if (!stored) throw new Error(`No tenant ${tenant.id}`);
    if (`E${stored.version}` !== tenant.etag)
      throw new Error('PreconditionFailed: the tenant changed since it was read');
    return stored;
  };

  return {
    routingEndpoint: LOCAL_ROUTING_ENDPOINT,
    async getTenant(name) {
      const t = tenants.get(name);
      return t && view(t);
    },
    async createTenant(name, domain) {
      if (tenants.has(name)) return;
      if (holder(domain)) throw new DomainInUseError(domain);
      tenants.set(name, {
        id: `dt_${randomUUID()}`,
        version: 1,
        domain,
        enabled: true,
        validated: SERVED_HERE.has(domain),
      });
    },
    async updateTenant(tenant, change) {
      const stored = current(tenant);
      if (change.enabled) {
        const other = holder(change.domain);
        if (other && tenants.get(other) !== stored) throw new DomainInUseError(change.domain);
        // A new domain means a new certificate, validated anew.
        if (stored.domain !== change.domain) stored.validated = SERVED_HERE.has(change.domain);
        stored.domain = change.domain;
      }
      stored.enabled = change.enabled;
      stored.version += 1;
    },
    async deleteTenant(tenant) {
      const stored = current(tenant);
      if (stored.enabled) throw new Error('ResourceInUse: disable the tenant before deleting it');
      for (const [name, t] of tenants) if (t === stored) tenants.delete(name);
    },
    async certificate(tenant): Promise<EdgeCertificate | undefined> {
      const stored = byId(tenant.id);
      if (!stored) return undefined;
      return {
        status: stored.validated ? 'issued' : 'pending-validation',
        validation: stored.validated
          ? []
          : [
              {
                domain: stored.domain,
                redirectFrom: `${stored.domain}/.well-known/pki-validation/${stored.id}.txt`,
                redirectTo: `validation.${LOCAL_ROUTING_ENDPOINT}/${stored.id}.txt`,
              },
            ],
      };
    },
    /** What CloudFront does once the firm's DNS points at it: the certificate is issued and the domain served. */
    validateDomain(domain) {
      const name = holder(domain);
      const stored = name ? tenants.get(name) : undefined;
      if (!stored?.enabled) return false;
      stored.validated = true;
      return true;
    },
  };
}

/** Installs the stand-in for the functions this process serves; answers it for the gateway's validate route. */
export function installEdgeStandIn() {
  const standIn = edgeStandIn();
  installEdgeProvider(standIn);
  return standIn;
}
