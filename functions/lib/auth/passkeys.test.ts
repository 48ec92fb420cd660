import { describe, expect, test } from 'vitest';
import { ApiError } from '../errors';
import { rpIdOf, signedChallenge } from './passkeys';

const clientData = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the relying party is the portal the request came through', () => {
  test("its RP ID is the portal's host, without scheme or port", () => {
    expect(rpIdOf('https://portal.firma.cl')).toBe('portal.firma.cl');
    expect(rpIdOf('http://localhost:5173')).toBe('localhost');
  });

  test('no portal (a direct call to the gateway) or a malformed one: 403 PASSKEY_PORTAL, never a guess', () => {
    for (const portal of ['', 'not a url']) {
      const refusal = (() => {
        try {
          rpIdOf(portal);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({ status: 403, code: 'PASSKEY_PORTAL' });
    }
  });
});

describe('the challenge a browser signed', () => {
  test('is read from its client data', () => {
    expect(signedChallenge(clientData({ type: 'webauthn.get', challenge: 'abc_-1', origin: 'x' }))).toBe('abc_-1');
  });

  test('client data that is not WebAuthn JSON, or names no challenge, names none', () => {
    expect(signedChallenge('%%%')).toBeUndefined();
    expect(signedChallenge(Buffer.from('not json').toString('base64url'))).toBeUndefined();
    expect(signedChallenge(clientData({ type: 'webauthn.get' }))).toBeUndefined();
    expect(signedChallenge(clientData({ challenge: 42 }))).toBeUndefined();
    expect(signedChallenge(clientData({ challenge: '' }))).toBeUndefined();
  });
});
