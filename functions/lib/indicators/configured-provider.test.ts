import { describe, expect, test } from 'vitest';
import { configuredProvider } from './configured-provider';

describe('the provider is configuration', () => {
  test('the bundled dataset unless told otherwise, so nothing leaves the machine', () => {
    expect(configuredProvider({}).name).toBe('sample');
    expect(configuredProvider({ INDICATORS_PROVIDER: 'sample' }).name).toBe('sample');
  });

  test('mindicador and CMF by name; CMF only with its key parameter', () => {
    expect(configuredProvider({ INDICATORS_PROVIDER: 'mindicador' }).name).toBe('mindicador');
    expect(configuredProvider({ INDICATORS_PROVIDER: 'cmf', INDICATORS_CMF_KEY_PARAMETER: '/portal/cmf' }).name).toBe(
      'cmf',
    );
    expect(() => configuredProvider({ INDICATORS_PROVIDER: 'cmf' })).toThrow(/INDICATORS_CMF_KEY_PARAMETER/);
  });

  test('an unknown name is refused rather than guessed', () => {
    expect(() => configuredProvider({ INDICATORS_PROVIDER: 'bcentral' })).toThrow(/Unknown INDICATORS_PROVIDER/);
  });
});
