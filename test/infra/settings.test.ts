import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PORTAL_URL, PLACEHOLDER_SENDER, readSettings } from '../../infra/settings';

const settings = (context: Record<string, unknown>) => readSettings(new App({ context }).node, {});
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';

describe('readSettings', () => {
  it('works with no context at all (offline synth)', () => {
    expect(settings({})).toMatchObject({
      prefix: 'Portal',
      senderEmail: PLACEHOLDER_SENDER,
      portalUrl: PLACEHOLDER_PORTAL_URL,
      portalUrlIsPlaceholder: true,
      domainName: undefined,
    });
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
    expect(() => settings({ portalUrl: 'http://x.example.cl' })).toThrow(/https origin/);
    expect(() => settings({ prefix: 'my-portal' })).toThrow(/prefix/);
  });
});
