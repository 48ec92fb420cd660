import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, createServer, type PreviewServer, type ProxyOptions, preview, type ViteDevServer } from 'vite';
import { PORTAL_ORIGIN_HEADER, VIEWER_IP_HEADER } from '../functions/lib/http/client-ip';
import { onLocalObjectCreated } from '../functions/lib/local-async';
import { contracts } from '../shared/contracts';
import type { Contract } from '../shared/contracts/define';
import { invokeAsync, LEDGER_IMPORT_JOB, objectCreatedEvent } from './async-invoke';
import { bootstrap, functionEnvironment } from './bootstrap';
import { type Gateway, startGateway } from './gateway';
import { startMailWorker } from './mail-worker';
import { startMicrosoftStandIn } from './microsoft-stand-in';
import { ROOT } from './paths';
import { localPortalTokenKey } from './portal-token-key';
import { freePort, portTaken, ServiceStartError } from './processes';
import { localSecondFactorKey } from './second-factor-key';
import type { DemoData } from './seed';
import { type ServicePorts, type Services, startServices } from './services';

export { ROOT };

export interface PortalOptions {
  /** 'dev': fixed ports and data kept under .local/ (npm start). 'test': free ports, in memory. */
  mode: 'dev' | 'test';
  ports?: { web: number; gateway: number; services?: ServicePorts };
  /**
   * How the SPA is served: by Vite's dev server (default), as its production build (`'built'`: built into a temporary
   * folder and served by Vite's preview server, as CloudFront would serve the files), or not at all (the API benches).
   */
  web?: 'dev' | 'built' | false;
  /** Keep a stream of the table's changes (the tests read what a request wrote from it; see bootstrap.ts). */
  changeStream?: boolean;
  /**
   * The fault switch (local/faults.ts): 'on' lets a request carry a fault plan of its own, a plan faults every
   * request. Unset, PORTAL_FAULT_INJECTION from the shell decides (`PORTAL_FAULT_INJECTION=on npm start`).
   */
  faults?: string;
}

export interface Portal {
  webUrl: string;
  apiUrl: string;
  services: Services;
  env: Record<string, string>;
  demo: DemoData;
  stop: () => Promise<void>;
}

/**
 * The proxy plays CloudFront's /api/* function (infra/constructs/web.ts API_PATH_FUNCTION): it sets the viewer's
 * address and the portal the request came through (`http://` + the Host the browser reached), replacing whatever the
 * client sent under those names. Tests that call the gateway directly play the edge themselves.
 */
const actAsTheEdge: ProxyOptions['configure'] = (proxy) => {
  proxy.on('proxyReq', (request, incoming) => {
    request.setHeader(VIEWER_IP_HEADER, incoming.socket.remoteAddress ?? '127.0.0.1');
    request.setHeader(PORTAL_ORIGIN_HEADER, incoming.headers.host ? `http://${incoming.headers.host}` : '');
  });
};

/** Loads a contract's handler module, the same file its Lambda runs. */
async function loadHandler(contract: Contract) {
  const module = await import(pathToFileURL(join(ROOT, 'functions', `${contract.handler}.ts`)).href);
  return module.handler;
}

/** The whole portal on this machine: AWS stand-ins, table/buckets/pool, demo data, local gateway and the SPA. */
export async function startPortal(options: PortalOptions): Promise<Portal> {
  // Locally we run Node 20; Lambda runs the newest runtime. The SDK's Node 22 notice is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dev = options.mode === 'dev';
  if (options.faults) process.env.PORTAL_FAULT_INJECTION = options.faults;
  const webPort = options.ports?.web ?? (dev ? 5173 : await freePort());
  const gatewayPort = options.ports?.gateway ?? (dev ? 3001 : await freePort());
  for (const [name, port] of [
    ['Portal web (Vite)', webPort],
    ['Local API gateway', gatewayPort],
  ] as const) {
    if (dev && (await portTaken(port))) {
      throw new ServiceStartError(name, `port ${port} is already in use. Is another 'npm start' running?`);
    }
  }
  const webUrl = `http://localhost:${webPort}`;
  const services = await startServices({
    cacheDir: join(ROOT, '.local', 'cache'),
    dataDir: dev ? join(ROOT, '.local', 'data') : undefined,
    logDir: dev ? join(ROOT, '.local', 'logs') : undefined,
    ports: options.ports?.services ?? (dev ? undefined : 'free'),
  });
  // The local Entra ID (local/microsoft-stand-in.ts); its redirect URIs are the demo firms' and the unbranded portal's.
  const microsoft = await startMicrosoftStandIn([
    webUrl,
    `http://127.0.0.1:${webPort}`,
    `http://unbranded.localhost:${webPort}`,
  ]).catch(async (error: unknown) => {
    await services.stop();
    throw error;
  });
  let gateway: Gateway | undefined;
  let vite: ViteDevServer | PreviewServer | undefined;
  let builtDir: string | undefined;
  let mailWorker: ReturnType<typeof startMailWorker> | undefined;
  // The local dead letters (dead-letters.ts): kept under .local/data by `npm start`, a folder of its own for a test stack.
  const deadLettersDir = dev
    ? join(ROOT, '.local', 'data', 'dead-letters')
    : mkdtempSync(join(tmpdir(), 'portal-dead-letters-'));
  const stop = async () => {
    onLocalObjectCreated(undefined);
    await vite?.close();
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
    if (!dev) rmSync(deadLettersDir, { recursive: true, force: true });
    await mailWorker?.stop();
    await gateway?.close();
    await microsoft.close();
    await services.stop();
  };
  try {
    // The two demo firms' names, the name no firm brands (on which tests sign in users of their own projects), and any
    // other `<name>.localhost`: a firm made locally serves its clients on a name of its own, as it would on its domain.
    const webOrigins = [
      webUrl,
      `http://127.0.0.1:${webPort}`,
      `http://unbranded.localhost:${webPort}`,
      `http://*.localhost:${webPort}`,
    ];
    const resources = await bootstrap(services, webOrigins, { changeStream: options.changeStream });
    const env = {
      ...functionEnvironment(services, resources, webUrl),
      LOCAL_SECOND_FACTOR_KEY: localSecondFactorKey(dev),
      LOCAL_PORTAL_TOKEN_KEY: localPortalTokenKey(dev),
      LOCAL_MICROSOFT_STAND_IN: microsoft.base,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      LOCAL_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      LOCAL_DEAD_LETTERS_DIR: deadLettersDir,
    };
    // Handlers build their AWS clients at module scope from the environment, so it is set before they load.
    const logLevel = process.env.POWERTOOLS_LOG_LEVEL ?? (dev ? 'INFO' : 'WARN');
    // Test portals keep quiet: the log lines of thousands of requests and their EMF metrics cost the test run time.
    Object.assign(process.env, env, {
      POWERTOOLS_LOG_LEVEL: logLevel,
      ...(!dev && { POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true' }),
    });
    // The logger may have been built before the level was set (a module that logs, loaded with the tooling).
    const { logger } = await import('../functions/lib/logger');
    logger.setLogLevel(logLevel as Parameters<typeof logger.setLogLevel>[0]);
    const { seedDemo } = await import('./seed');
    // The demo's two projects brand the two names of this machine: localhost and 127.0.0.1.
    const demo = await seedDemo(webUrl, `http://127.0.0.1:${webPort}`);
    gateway = await startGateway({ contracts, loadHandler, port: gatewayPort });
    mailWorker = startMailWorker();
    // A confirmed ledger upload reaches its job as S3's event would through its rule: invoked asynchronously.
    onLocalObjectCreated((bucket, key) => {
      invokeAsync(LEDGER_IMPORT_JOB, objectCreatedEvent(bucket, key)).catch((error) =>
        console.error('local async invocation', error),
      );
    });
    if (options.web === false) return { webUrl, apiUrl: gateway.url, services, env, demo, stop };
    const configFile = join(ROOT, 'web', 'vite.config.ts');
    const viteLogLevel = dev ? 'info' : 'error';
    const server = {
      port: webPort,
      strictPort: true,
      proxy: { '/api': { target: gateway.url, changeOrigin: false, configure: actAsTheEdge } },
    };
    // Vite 8 lists, in some 50 lines, the config's imports its future native loader would refuse (extensionless
    // imports of shared/); the bundle loader it uses loads them. The Vite upgrade that changes the default is where to
    // act on it; until then it is noise on every start.
    process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
    if (options.web === 'built') {
      builtDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
      await build({ configFile, logLevel: viteLogLevel, build: { outDir: builtDir, emptyOutDir: true } });
      vite = await preview({
        configFile,
        logLevel: viteLogLevel,
        build: { outDir: builtDir },
        preview: { ...server, host: '127.0.0.1' },
      });
    } else {
      vite = await createServer({ configFile, logLevel: viteLogLevel, clearScreen: false, server });
      await vite.listen();
    }
    return { webUrl, apiUrl: gateway.url, services, env, demo, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
