import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The module with a local key (as the local stack gives it), loaded fresh so its cached key is this one. */
async function withKey(key: string) {
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
  vi.stubEnv('LOCAL_SECOND_FACTOR_KEY', key);
  return import('./second-factor-key');
}

describe('the second factor key', () => {
  it('seals a text that only its context opens, differently each time', async () => {
    const { seal, unseal } = await withKey('clave-local-de-prueba');
    const one = await seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'second-factor:u1');
    const two = await seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'second-factor:u1');
    expect(one).not.toBe(two);
    expect(one).not.toContain('JBSWY3DP');
    expect(await unseal(one, 'second-factor:u1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    // Moved to another user's item, or tampered with, it does not open.
    await expect(unseal(one, 'second-factor:u2')).rejects.toThrow();
    const [version, iv, tag, body = ''] = one.split('.');
    // Its first character changed (every bit of it counts, unlike the last one's): always a different ciphertext.
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(flipped).not.toBe(body);
    await expect(unseal([version, iv, tag, flipped].join('.'), 'second-factor:u1')).rejects.toThrow();
  });

  it('another key opens nothing, and hashes recovery codes otherwise', async () => {
    const first = await withKey('clave-uno');
    const sealed = await first.seal('secreto', 'challenge:u1');
    const hash = await first.keyedHash('u1:abcde12345');
    vi.resetModules();
    const second = await withKey('clave-dos');
    await expect(second.unseal(sealed, 'challenge:u1')).rejects.toThrow();
    expect(await second.keyedHash('u1:abcde12345')).not.toBe(hash);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('inside Lambda refuses the local key and needs the secret', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'postToken');
    vi.stubEnv('LOCAL_SECOND_FACTOR_KEY', 'clave-local');
    const local = await import('./second-factor-key');
    await expect(local.seal('x', 'c')).rejects.toThrow(/LOCAL_SECOND_FACTOR_KEY is a local-only setting/);
    vi.resetModules();
    vi.stubEnv('LOCAL_SECOND_FACTOR_KEY', undefined);
    vi.stubEnv('SECOND_FACTOR_SECRET_ARN', '');
    const missing = await import('./second-factor-key');
    await expect(missing.seal('x', 'c')).rejects.toThrow(/SECOND_FACTOR_SECRET_ARN/);
  });
});
