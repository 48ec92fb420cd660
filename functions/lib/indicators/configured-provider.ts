import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { cmfProvider } from './cmf';
import { mindicadorProvider } from './mindicador';
import { type IndicatorProvider, PROVIDER_NAMES } from './provider';
import { sampleProvider } from './sample';

/**
 * Which provider the scheduled job runs is configuration, read from the environment that infra/ (the
 * schedule construct) or local/ sets:
 * - INDICATORS_PROVIDER: 'mindicador' | 'cmf' | 'sample' (default 'sample': nothing leaves the machine unless asked);
 * - INDICATORS_MINDICADOR_URL (default https://mindicador.cl), INDICATORS_CMF_URL (default https://api.cmfchile.cl);
 * - INDICATORS_CMF_KEY_PARAMETER: the SSM SecureString parameter holding the CMF API key (never in the environment).
 */
export function configuredProvider(env: NodeJS.ProcessEnv = process.env): IndicatorProvider {
  const name = env.INDICATORS_PROVIDER || 'sample';
  switch (name) {
    case 'sample':
      return sampleProvider;
    case 'mindicador':
      return mindicadorProvider(env.INDICATORS_MINDICADOR_URL || 'https://mindicador.cl');
    case 'cmf': {
      const parameter = env.INDICATORS_CMF_KEY_PARAMETER;
      if (!parameter) throw new Error('INDICATORS_PROVIDER=cmf needs INDICATORS_CMF_KEY_PARAMETER');
      return cmfProvider(env.INDICATORS_CMF_URL || 'https://api.cmfchile.cl', () => cmfKeyFromSsm(parameter));
    }
    default:
      throw new Error(`Unknown INDICATORS_PROVIDER '${name}' (expected ${PROVIDER_NAMES.join(', ')})`);
  }
}

let ssm: SSMClient | undefined;

async function cmfKeyFromSsm(parameter: string): Promise<string> {
  ssm ??= new SSMClient({});
  const { Parameter } = await ssm.send(new GetParameterCommand({ Name: parameter, WithDecryption: true }));
  if (!Parameter?.Value) throw new Error(`SSM parameter ${parameter} has no value`);
  return Parameter.Value;
}
