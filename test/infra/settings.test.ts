import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PORTAL_URL, readSettings } from '../../infra/settings';

const settings = (context: Record<string, unknown>) => readSettings(new App({ context }).node, {});
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';

describe('readSettings', () => {
  it('works with no context at all (offline synth)', () => {
    expect(settings({})).toMatchObject({
      prefix: 'Portal',
      senderEmail: undefined,
      portalUrl: PLACEHOLDER_PORTAL_URL,
      portalUrlIsPlaceholder: true,
      domainName: undefined,
    });
  });

  it("takes the Entra ID app's client id as a GUID, in lower case, and refuses anything else", () => {
    expect(settings({ microsoftClientId: '0B1C2D3E-4F50-4A6B-8C7D-9E0F1A2B3C4D' }).microsoftClientId).toBe(
      '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    );
    expect(settings({}).microsoftClientId).toBeUndefined();
    expect(() => settings({ microsoftClientId: 'portal' })).toThrow(/microsoftClientId/);
  });

  it('derives PORTAL_URL from the custom domain, else from portalUrl', () => {
    expect(settings({ domainName: 'Portal.Example.cl', certificateArn: CERT }).portalUrl).toBe(
      'https://portal.example.cl',
    );
    expect(settings({ portalUrl: 'https://d111.cloudfront.net/' })).toMatchObject({
      portalUrl: 'https://d111.cloudfront.net',
      portalUrlIsPlaceholder: false,
    });
  });

  it('refuses half a custom domain, a certificate outside us-east-1 and malformed values', () => {
    expect(() => settings({ domainName: 'portal.example.cl' })).toThrow(/go together/);
    expect(() =>
      settings({ domainName: 'portal.example.cl', certificateArn: CERT.replace('us-east-1', 'sa-east-1') }),
    ).toThrow(/us-east-1/);
    expect(() => settings({ senderEmail: 'nobody' })).toThrow(/senderEmail/);
    // A domain no one can verify would leave the sender pending for ever.
    for (const senderEmail of ['no-reply@example.com', 'a@mail.example.org', 'a@portal.invalid', 'a@x.test']) {
      expect(() => settings({ senderEmail }), senderEmail).toThrow(/senderEmail/);
    }
    expect(settings({ senderEmail: 'No-Reply@Estudio.CL' }).senderEmail).toBe('no-reply@estudio.cl');
    expect(() => settings({ portalUrl: 'http://x.example.cl' })).toThrow(/https origin/);
    expect(() => settings({ prefix: 'my-portal' })).toThrow(/prefix/);
  });
});

describe('embedding settings of the report viewer', () => {
  const GUID = '00000000-1111-2222-3333-444444444444';

  it('are absent without context, so nothing is configured', () => {
    expect(settings({}).embedding).toEqual({});
  });

  it('read QuickSight with its defaults, and Power BI by mode', () => {
    expect(settings({ quicksightAccountId: '111122223333', quicksightRegion: 'us-east-1' }).embedding).toEqual({
      quickSight: {
        accountId: '111122223333',
        region: 'us-east-1',
        namespace: 'default',
        dashboardPrefix: undefined,
        sessionMinutes: undefined,
        matchAll: undefined,
      },
    });
    expect(
      settings({ powerbiMode: 'url', powerbiTenantId: GUID, powerbiSecretParameter: '/x' }).embedding.powerBi,
    ).toEqual({ mode: 'URL', filterTable: undefined, identityRole: undefined });
    expect(
      settings({
        powerbiMode: 'SERVICE_PRINCIPAL',
        powerbiTenantId: GUID,
        powerbiClientId: GUID,
        powerbiSecretParameter: '/portal/powerbi',
      }).embedding.powerBi,
    ).toMatchObject({ mode: 'SERVICE_PRINCIPAL', secretParameter: '/portal/powerbi', clientId: GUID });
  });

  it('refuse half or malformed settings instead of deploying a viewer that cannot embed', () => {
    expect(() => settings({ quicksightAccountId: '111122223333' })).toThrow(/quicksightRegion/);
    expect(() => settings({ quicksightNamespace: 'clientes' })).toThrow(/quicksightAccountId/);
    expect(() => settings({ quicksightAccountId: '1234', quicksightRegion: 'us-east-1' })).toThrow(/12-digit/);
    const qs = { quicksightAccountId: '111122223333', quicksightRegion: 'us-east-1' };
    expect(() => settings({ ...qs, quicksightMode: 'IAM' })).toThrow(/must be ANONYMOUS/);
    expect(() => settings({ ...qs, quicksightMode: 'REGISTERED' })).toThrow(/must be ANONYMOUS/);
    expect(() => settings({ ...qs, quicksightDashboardPrefix: 'a/b' })).toThrow(/dashboard id prefix/);
    expect(() => settings({ ...qs, quicksightSessionMinutes: 5 })).toThrow(/15 and 600/);
    expect(() => settings({ ...qs, quicksightNamespace: 'a/b' })).toThrow(/namespace/);
    expect(() => settings({ powerbiTenantId: GUID })).toThrow(/powerbiMode/);
    expect(() => settings({ powerbiMode: 'TOKEN' })).toThrow(/URL or SERVICE_PRINCIPAL/);
    expect(() => settings({ powerbiMode: 'SERVICE_PRINCIPAL', powerbiTenantId: GUID })).toThrow(
      /powerbiClientId and powerbiSecretParameter/,
    );
    expect(() => settings({ powerbiMode: 'URL', powerbiClientId: 'app' })).toThrow(/GUID/);
  });
});
