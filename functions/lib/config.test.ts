import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, LOCAL_ONLY_VARIABLES } from './config';

afterEach(() => vi.unstubAllEnvs());

describe('config inside Lambda (AWS_LAMBDA_FUNCTION_NAME set)', () => {
  it('refuses every local-only switch', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    vi.stubEnv('LOCAL_COGNITO_URL', 'http://127.0.0.1:9229');
    vi.stubEnv('PORTAL_LOCAL', '1');
    vi.stubEnv('LOCAL_SECOND_FACTOR_KEY', 'a-local-key');
    vi.stubEnv('LOCAL_PORTAL_TOKEN_KEY', 'a-local-key');
    expect(LOCAL_ONLY_VARIABLES).toEqual([
      'LOCAL_COGNITO_URL',
      'PORTAL_LOCAL',
      'LOCAL_SECOND_FACTOR_KEY',
      'LOCAL_PORTAL_TOKEN_KEY',
      'LOCAL_MICROSOFT_CLIENT_SECRET',
      'LOCAL_MICROSOFT_STAND_IN',
    ]);
    expect(() => config.localCognitoUrl).toThrow(/LOCAL_COGNITO_URL is a local-only setting/);
    expect(() => config.isLocal).toThrow(/PORTAL_LOCAL is a local-only setting/);
    expect(() => config.localSecondFactorKey).toThrow(/LOCAL_SECOND_FACTOR_KEY is a local-only setting/);
    expect(() => config.localPortalTokenKey).toThrow(/LOCAL_PORTAL_TOKEN_KEY is a local-only setting/);
  });

  it('requires the origin-verify secret, which is off outside Lambda', () => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET', '');
    expect(config.originVerifySecret).toBeUndefined();
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'fn');
    expect(() => config.originVerifySecret).toThrow(/ORIGIN_VERIFY_SECRET/);
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'from-cloudfront');
    expect(config.originVerifySecret).toBe('from-cloudfront');
  });

  it('reads the local switches outside Lambda', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    vi.stubEnv('LOCAL_COGNITO_URL', 'http://127.0.0.1:9229');
    vi.stubEnv('PORTAL_LOCAL', '1');
    expect(config.localCognitoUrl).toBe('http://127.0.0.1:9229');
    expect(config.isLocal).toBe(true);
  });
});
