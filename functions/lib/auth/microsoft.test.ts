import { describe, expect, it } from 'vitest';
import { MICROSOFT_ANY_ACCOUNT, MICROSOFT_CONSUMER_TENANT } from '../../../shared/microsoft';
import { trustedEmail } from './microsoft';

const FIRM = '4a1d6c1e-7f3b-4c55-9a0e-2d7c1b0a5e11';
const OTHER = '8c2f0b9d-3e6a-4f17-b2d4-6a9e5c3f7d22';
const person = (tid: string | undefined, verified: boolean, email = 'ana@firma.cl') => ({
  tid,
  email,
  emailDomainVerified: verified,
});

describe('which e-mail claim a firm may match', () => {
  it("a firm's tenant: only its own people, with a domain it verified", () => {
    expect(trustedEmail(FIRM, person(FIRM, true))).toBe('ana@firma.cl');
    // An address typed into an Entra ID profile (xms_edov false) proves nothing.
    expect(trustedEmail(FIRM, person(FIRM, false))).toBeUndefined();
    // Another tenant's person (a guest's home tenant, or another firm's), verified or not.
    expect(trustedEmail(FIRM, person(OTHER, true))).toBeUndefined();
    expect(trustedEmail(FIRM, person(MICROSOFT_CONSUMER_TENANT, true))).toBeUndefined();
    // No tenant or no e-mail: nothing.
    expect(trustedEmail(FIRM, person(undefined, true))).toBeUndefined();
    expect(trustedEmail(FIRM, { tid: FIRM, emailDomainVerified: true })).toBeUndefined();
  });

  it('any account: a personal Microsoft account, or a work account with a verified domain', () => {
    expect(trustedEmail(MICROSOFT_ANY_ACCOUNT, person(MICROSOFT_CONSUMER_TENANT, false))).toBe('ana@firma.cl');
    expect(trustedEmail(MICROSOFT_ANY_ACCOUNT, person(OTHER, true))).toBe('ana@firma.cl');
    expect(trustedEmail(MICROSOFT_ANY_ACCOUNT, person(OTHER, false))).toBeUndefined();
  });
});
