import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ensureDynamoDbEmulator, ensureJava, ensureLoopbackLauncher, LAUNCHER_CLASS } from './dynamodb-emulator';
import {
  freePort,
  type Managed,
  portTaken,
  ServiceStartError,
  spawnService,
  stopService,
  waitForHttp,
} from './processes';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export interface ServicePorts {
  dynamodb: number;
  s3: number;
  ses: number;
  cognito: number;
}

/** The ports `npm start` uses; tests ask the OS for free ones instead. aws-ses-v2-local's viewer defaults to 8005. */
export const DEFAULT_PORTS: ServicePorts = { dynamodb: 8000, s3: 4569, ses: 8005, cognito: 9229 };

export interface Services {
  ports: ServicePorts;
  urls: { dynamodb: string; s3: string; ses: string; cognito: string };
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Keep data here across restarts; without it everything lives in memory or a temp folder removed on stop. */
  dataDir?: string;
  /** Where DynamoDB Local's jar is cached. */
  cacheDir: string;
  ports?: ServicePorts | 'free';
  /** Where each service's output is written; without it output is kept only to explain a failure. */
  logDir?: string;
}

async function choosePorts(ports: StartOptions['ports']): Promise<ServicePorts> {
  if (ports === 'free') {
    return { dynamodb: await freePort(), s3: await freePort(), ses: await freePort(), cognito: await freePort() };
  }
  const chosen = ports ?? DEFAULT_PORTS;
  for (const [name, port] of Object.entries(chosen)) {
    if (await portTaken(port)) {
      throw new ServiceStartError(
        name,
        `port ${port} is already in use. Stop what uses it (is another 'npm start' running?) and retry.`,
      );
    }
  }
  return chosen;
}

/** Where each local service listens on the loopback. */
export const serviceUrls = (ports: ServicePorts) => ({
  dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
  s3: `http://127.0.0.1:${ports.s3}`,
  ses: `http://127.0.0.1:${ports.ses}`,
  cognito: `http://127.0.0.1:${ports.cognito}`,
});

/** Starts DynamoDB Local, s3rver, aws-ses-v2-local and cognito-local, each bound to 127.0.0.1 only. */
export async function startServices(options: StartOptions): Promise<Services> {
  ensureJava();
  const emulator = ensureDynamoDbEmulator(options.cacheDir);
  const launcher = ensureLoopbackLauncher(emulator);
  const ports = await choosePorts(options.ports);
  const scratch = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'portal-'));
  const dataDir = options.dataDir ?? (scratch as string);
  const dirs = { dynamodb: join(dataDir, 'dynamodb'), s3: join(dataDir, 's3'), cognito: join(dataDir, 'cognito') };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  // cognito-local's pools default to e-mail user names; ours use the user's uuid, as the CDK pool does.
  mkdirSync(join(dirs.cognito, '.cognito'), { recursive: true });
  writeFileSync(
    join(dirs.cognito, '.cognito', 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }),
  );
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });
  const logFile = (name: string) => (options.logDir ? join(options.logDir, `${name}.log`) : undefined);

  const started: Managed[] = [];
  const stop = async () => {
    await Promise.all(started.map(stopService));
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  const urls = serviceUrls(ports);
  try {
    // DynamoDB Local has no bind-address option: DynamoDbLoopback.java starts it on 127.0.0.1. Its heap is capped,
    // it grew to 2.7 GB without.
    const storage = options.dataDir ? ['-dbPath', dirs.dynamodb, '-sharedDb'] : ['-inMemory'];
    started.push(
      spawnService({
        name: 'DynamoDB Local',
        command: 'java',
        args: [
          '-Xmx512m',
          `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
          '-cp',
          [join(emulator, 'DynamoDBLocal.jar'), launcher].join(delimiter),
          LAUNCHER_CLASS,
          ...storage,
          '-port',
          String(ports.dynamodb),
        ],
        // It writes a metadata file into its working directory.
        cwd: dirs.dynamodb,
        logFile: logFile('dynamodb'),
      }),
      // Without the legacy OpenSSL provider, s3rver answers 500 to listings with MaxKeys or a continuation token.
      spawnService({
        name: 's3rver',
        command: process.execPath,
        args: [
          '--openssl-legacy-provider',
          join(packageDir('s3rver'), 'bin', 's3rver.js'),
          '--directory',
          dirs.s3,
          '--address',
          '127.0.0.1',
          '--port',
          String(ports.s3),
          '--silent',
        ],
        logFile: logFile('s3'),
      }),
      spawnService({
        name: 'aws-ses-v2-local',
        command: process.execPath,
        args: [
          join(packageDir('aws-ses-v2-local'), 'dist', 'cli.js'),
          '--host',
          '127.0.0.1',
          '--port',
          String(ports.ses),
        ],
        logFile: logFile('ses'),
      }),
      // cognito-local keeps its data in .cognito/ under its working directory; HOST also sets its tokens' issuer.
      spawnService({
        name: 'cognito-local',
        command: process.execPath,
        args: [join(packageDir('cognito-local'), 'lib', 'bin', 'start.js')],
        cwd: dirs.cognito,
        env: { HOST: '127.0.0.1', PORT: String(ports.cognito) },
        logFile: logFile('cognito'),
      }),
    );
    const [dynamodb, s3, ses, cognito] = started as [Managed, Managed, Managed, Managed];
    await Promise.all([
      waitForHttp(dynamodb, urls.dynamodb),
      waitForHttp(s3, urls.s3),
      waitForHttp(ses, `${urls.ses}/store`),
      waitForHttp(cognito, `${urls.cognito}/health`),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, urls, stop };
}
