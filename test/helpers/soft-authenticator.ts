import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for API tests: what a platform authenticator answers to `navigator.credentials.create()` and
 * `.get()`, built by hand (ES256 key, 'none' attestation, user present and verified), so the server's real
 * SimpleWebAuthn verification checks it. The browser tests use Chromium's own virtual authenticator instead.
 */
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

/** Flags: user present, user verified, and (at registration) attested credential data included. */
const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  counter = 0;
  rpId = '';
  userHandle = '';

  get id(): string {
    return b64(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
  }

  /** The answer to registration options, signed for `origin` (the portal the browser shows). */
  create(options: Options, origin: string) {
    this.rpId = options.rp?.id ?? new URL(origin).hostname;
    this.userHandle = options.user?.id ?? '';
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin }));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([UP_UV | ATTESTED]),
      uint32(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientData), attestationObject: b64(attestation), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer to sign-in options for `origin`: the counter moves on by one unless `counter` says what to sign, and
   * `rpId` may claim another host than the one it was made for (what a forger would try).
   */
  get(options: Options, origin: string, tweak: { counter?: number; rpId?: string } = {}) {
    this.counter = tweak.counter ?? this.counter + 1;
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }));
    const authData = Buffer.concat([sha256(tweak.rpId ?? this.rpId), Buffer.from([UP_UV]), uint32(this.counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      clientExtensionResults: {},
    };
  }
}
