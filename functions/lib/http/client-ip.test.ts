import { describe, expect, it } from 'vitest';
import { addressKey, clientIp, portalOrigin } from './client-ip';
import type { HttpEvent } from './types';

const event = (headers: Record<string, string>) =>
  ({ headers, requestContext: { http: { sourceIp: '203.0.113.9' } } }) as unknown as HttpEvent;

describe('addressKey', () => {
  it('counts an IPv4 address as is, and one written as IPv6-mapped as the same address', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    expect(addressKey('2001:db8:a:b::1')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0db8:000a:000b:ffff:1:2:3')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:DB8:A:B:0:0:0:1')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8:a:c::1')).not.toBe(addressKey('2001:db8:a:b::1'));
  });
});

describe("the edge's headers", () => {
  it("reads the viewer's address from the edge, else the connection's source", () => {
    expect(clientIp(event({ 'x-portal-viewer-ip': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(clientIp(event({}))).toBe('203.0.113.9');
  });

  it('reads the portal as a normalised origin, and none when the edge did not say', () => {
    expect(portalOrigin(event({ 'x-portal-origin': 'https://Portal.Firma.cl/' }))).toBe('https://portal.firma.cl');
    expect(portalOrigin(event({ origin: 'https://portal.firma.cl' }))).toBe('');
  });
});
