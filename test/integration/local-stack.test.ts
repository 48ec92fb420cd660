import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, inject, it } from 'vitest';

/**
 * Local stack fidelity: every emulator and the local gateway listen on 127.0.0.1 only, so nothing the
 * portal starts is reachable from the network. Each port is tried on this machine's own non-loopback addresses.
 */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const externalAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
  .map((address) => address?.address as string);

const services = () => {
  const { env, apiUrl } = inject('portal');
  return {
    'DynamoDB Local': env.AWS_ENDPOINT_URL_DYNAMODB,
    s3rver: env.AWS_ENDPOINT_URL_S3,
    'aws-ses-v2-local': env.AWS_ENDPOINT_URL_SESV2,
    'cognito-local': env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    gateway: apiUrl,
  } as Record<string, string | undefined>;
};

it.skipIf(externalAddresses.length === 0)(
  'every local service answers on 127.0.0.1 and on no other address',
  async () => {
    for (const [name, url] of Object.entries(services())) {
      expect(url, name).toBeDefined();
      const port = Number(new URL(url as string).port);
      expect(await reachable('127.0.0.1', port), `${name} on 127.0.0.1:${port}`).toBe(true);
      for (const address of externalAddresses) {
        expect(await reachable(address, port), `${name} on ${address}:${port}`).toBe(false);
      }
    }
  },
);
