import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * How every function is bundled, in one place: the CDK app (NodejsFunction) and the bench (esbuild's API) both read
 * these settings, so the sizes the bench prints are the sizes that get deployed.
 *
 * - ESM output, with a `require` made by createRequire so the CommonJS parts of dependencies still load.
 * - `mainFields: module, main`: packages' ES module builds first, which esbuild tree-shakes far better.
 * - The AWS SDK v3 is bundled, so only the commands a handler uses ship, whatever SDK the runtime has; the one
 *   exception, RUNTIME_SDK_CLIENTS, is loaded from the runtime only when called.
 *   The shared clients (functions/lib/aws/) are built in pure calls, so a bundle that never uses one leaves it out.
 * - Aliases (BUNDLE_ALIASES, functionAliases) replace what a function never runs, or runs in a lighter form; each stub in
 *   bundling-stubs/ says why. The SDK's default credential chain becomes the environment provider alone (Lambda and
 *   the local stack pass credentials in environment variables); event streams are stubbed.
 * - target node20: the code runs on the Lambda runtime (newer) and on the laptop's Node 20 alike.
 * - Minified, no source map (it would double the size of what Lambda loads at cold start).
 */
export const BUNDLE_TARGET = 'node20';

export const BUNDLE_MAIN_FIELDS = ['module', 'main'];

export const BUNDLE_BANNER =
  "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);";

const stub = (file: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'bundling-stubs', file);
const STUB = stub('credential-provider.ts');

/**
 * Packages left out of every bundle (each is reached only through a dynamic import in the SDK's default chain, itself
 * replaced below; kept as a second guard should another path import them).
 */
export const UNUSED_SDK_PACKAGES = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/token-providers',
] as const;

/**
 * @pdf-lib/standard-fonts' own data files, which its stand-in imports by deep path: esbuild takes the longest alias
 * that prefixes an import, so this one sends `@pdf-lib/standard-fonts/es/…` to the package while the bare name goes
 * to the stand-in.
 */
const requireHere = createRequire(import.meta.url);
const STANDARD_FONTS_FILES = path.join(path.dirname(requireHere.resolve('@pdf-lib/standard-fonts/package.json')), 'es');

/**
 * aws-jwt-verify's web layer (fetch and WebCrypto, both global in Node 20) instead of its Node layer, whose `https`
 * and `stream` imports load Node's TLS stack at every cold start before any token is seen (about 4 ms of a
 * typical function's ready time). Only `verify` (async) is used, which the web layer serves.
 */
const JWT_VERIFY_WEB_LAYER = path.join(
  path.dirname(requireHere.resolve('aws-jwt-verify')),
  '..',
  'esm',
  'node-web-compat-web.js',
);

export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '#node-web-compat': JWT_VERIFY_WEB_LAYER,
  ...Object.fromEntries(UNUSED_SDK_PACKAGES.map((name) => [name, STUB])),
  '@aws-sdk/credential-provider-node': stub('credential-provider-node.ts'),
  '@smithy/core/event-streams': stub('event-streams.ts'),
  // pdf-lib's dependencies (only the PDF functions reach them): see each stand-in.
  '@pdf-lib/standard-fonts': stub('standard-fonts.ts'),
  '@pdf-lib/standard-fonts/es': STANDARD_FONTS_FILES,
  pako: stub('pako.ts'),
};

/**
 * Compile-time values of every bundle. PORTAL_FAULT_INJECTION (the local fault switch, local/faults.ts) is empty, so
 * the light clients' branch that lets an injector answer an attempt is dead code, left out of every function.
 */
export const BUNDLE_DEFINE: Readonly<Record<string, string>> = {
  'process.env.PORTAL_FAULT_INJECTION': '""',
};

/**
 * What varies between functions: `multipart` when the function's contract takes files (`multipartFiles`). The others
 * leave busboy out (23 KB of every bundle): parseRequest refuses a multipart body for them before parsing.
 */
export interface FunctionBundling {
  multipart: boolean;
}

/** The aliases of one function: the shared ones, and busboy's stand-in where no file can arrive. */
export function functionAliases({ multipart }: FunctionBundling): Record<string, string> {
  return multipart ? { ...BUNDLE_ALIASES } : { ...BUNDLE_ALIASES, busboy: stub('busboy.ts') };
}

/** The bundling of the function that serves these contracts (one per endpoint in the CDK app). */
export const bundlingFor = (served: ReadonlyArray<{ multipartFiles?: unknown }>): FunctionBundling => ({
  multipart: served.some((contract) => Boolean(contract.multipartFiles)),
});

/**
 * SDK clients taken from the Lambda runtime's own AWS SDK v3 instead of the bundle, each imported dynamically where it
 * is used, so it costs neither bundle size nor cold start to the calls that never reach it. CloudFront: its client
 * (XML protocol) weighed 430 KB, more than twice a function's budget, in the four project functions that provision a
 * firm's domain (functions/lib/edge/domains.ts); SaaS Manager's calls date from 2025 and every Node 24 runtime has them.
 * SES v2: the same four functions create, read and delete the firm's mail identity (functions/lib/mail-identity.ts);
 * sending stays on the light client.
 */
export const RUNTIME_SDK_CLIENTS = ['@aws-sdk/client-cloudfront', '@aws-sdk/client-sesv2'] as const;

// The size budgets are in weight-budgets.ts; where the weight is and why, docs/decisions/weight-budgets.md.

/** The NodejsFunction `bundling` props. */
export function lambdaBundling(fn: FunctionBundling = { multipart: true }): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    target: BUNDLE_TARGET,
    mainFields: [...BUNDLE_MAIN_FIELDS],
    banner: BUNDLE_BANNER,
    minify: true,
    sourceMap: false,
    externalModules: [...RUNTIME_SDK_CLIENTS],
    define: { ...BUNDLE_DEFINE },
    esbuildArgs: {
      '--alias': Object.entries(functionAliases(fn)).map(([name, target]) => `${name}=${target}`),
    },
  };
}

/** The same bundle through esbuild's API (the bench): one entry to one `.mjs` file, with a metafile. */
export function esbuildOptions(
  entry: string,
  outfile: string,
  fn: FunctionBundling = { multipart: true },
): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    mainFields: [...BUNDLE_MAIN_FIELDS],
    banner: { js: BUNDLE_BANNER },
    minify: true,
    sourcemap: false,
    external: [...RUNTIME_SDK_CLIENTS],
    alias: functionAliases(fn),
    define: { ...BUNDLE_DEFINE },
    metafile: true,
    logLevel: 'warning',
  };
}
