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
 * - The AWS SDK v3 is bundled (no externals), so only the commands a handler uses ship, whatever SDK the runtime has.
 *   The shared clients (functions/lib/aws/) are built in pure calls, so a bundle that never uses one leaves it out.
 * - Aliases (BUNDLE_ALIASES, functionAliases) replace what a function never runs, or runs in a lighter form (issue 9); each stub in
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
 * and `stream` imports load Node's TLS stack at every cold start before any token is seen (issue 9: about 4 ms of a
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
 * leave busboy out (issue 9: 23 KB of every bundle): parseRequest refuses a multipart body for them before parsing.
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
 * Size budgets the bench flags (issue 9): a typical function, and one that answers a file (the PDFs, later the
 * exports), which carries its document writer.
 *
 * Where the weight is (esbuild metafile of societies/list-societies, 107 KB): zod/mini 27 KB, portal code ~27 KB,
 * powertools logger 20 KB with its commons, aws-jwt-verify 16 KB, the AWS calls ~11 KB (aws4fetch 6, util-dynamodb 5).
 * The contracts are written with zod/mini: zod classic (91 to 97 KB of every function) keeps every method on every
 * schema, so nothing of it tree-shakes, and building a module's schemas cost several ms of each cold start (typical
 * median 184 KB to 119, ready 2.36x to about 1.8x a hello-world, with the web layer of aws-jwt-verify above).
 * No function calls AWS through an SDK client on a request path but the report viewer (QuickSight, SSM) and the
 * chatbot (Bedrock): DynamoDB, Cognito, SES v2 and S3 go through light clients on fetch sharing one signed-fetch core
 * (functions/lib/aws/aws-client.ts: SigV4 by aws4fetch, retries, SDK-shaped errors, one hook; the commands of each
 * service in its *-commands.ts, presigned GETs and POSTs in s3-presign.ts). The SDK's DynamoDB client was ~170 KB
 * (@smithy/core 93, client-dynamodb 29, @aws-sdk/core 22, signing and HTTP 16, lib/util-dynamodb 10); Cognito's
 * 125 KB (@smithy/core 92, the client 33), SES v2's 165 KB (@smithy/core 105, the client 60), S3's 220 to 300 KB
 * (@smithy/core 93 to 98, the client 97, @aws-sdk/core 30, s3-presigned-post 74 for a form), and the SDK's
 * presigner ~19 KB of every function that shows an avatar or a logo (@smithy/signature-v4 9 and its company): so
 * auth/post-token 268 KB to 105, registration/generate-invitation 473 to 124, external/post-support-ticket 315 to 108,
 * users/patch-user-profile 406 to 134, documents/create-document-upload 461 to 117, users/patch-user 593 to 242 (the
 * phone metadata, below, is what keeps it over), and the typical median 119 to 110 KB (bench, issue 9). Those still
 * over the budget carry the phone parser, the CSV and spreadsheet readers, or QuickSight and SSM (reports/get-report).
 * Leaving the SDK to the Lambda runtime (CDK's default externals) was measured: loading it from node_modules made the
 * import about 4 times slower than the bundled bundle, so it stays bundled.
 *
 * A function answering a file adds its own writer only: the statement exports share their tables
 * (functions/accounting/export-service.ts) and each handler takes its writer from lib/accounting/export-pdf.ts or
 * export-excel.ts, so an Excel function no longer carries pdf-lib (balance8columnsExcel 856 KB to 434 KB; the writer is
 * write-excel-file 60 KB and fflate 15 KB). Through PDFDocument, a PDF carried pdf-lib 224 KB (it reaches forms,
 * parser and decoders by relative imports, which no alias can cut); the detail sheets (project, group, society) and the
 * statements write through pdf-lib's core instead (functions/lib/pdf-writer.ts, byte for byte what PDFDocument
 * writes): 53 KB of pdf-lib. All take, through stand-ins (bundling-stubs/): the metrics of the two fonts the PDFs use,
 * Helvetica and Helvetica-Bold, 36 KB instead of all 14 fonts' 127 KB (the fonts themselves are not embedded, WinAnsi
 * covers Spanish); Node's zlib instead of pako (45 KB). The PNG decoder (@pdf-lib/upng, 24 KB) is bundled: statements draw the firm's
 * logo.
 * The society and project PDFs show a phone in the display form stored beside it (functions/lib/data/phone-display.ts,
 * written by create and patch, which carry the parser anyway), not through libphonenumber-js: 118 KB, 80 of them its
 * metadata of every country. Measured and left out before that: the metadata deflated at bundling time (25 KB raw
 * instead of 80) is no lighter gzipped (the deployed zip) and loads about 2 ms slower (inflate and JSON.parse against
 * the object literal); a format-only path of 'core' saves 14 KB but reads E.164 only, while formatPhone also shows the
 * national numbers it recognises. The project PDF signs no image URL (the S3 signer, 21 KB). So (bench, minified and
 * gzip): getSocietyPdf 878 KB to 718 (gzip 312 to 221), balance8columnsPdf 782 to 622 (291 to 200), getGroupPdf 760 to
 * 600 (283 to 192) before the lighter DynamoDB client, which took about 155 KB more off each; then the stored phone
 * display and the sheet writer: getSocietyPdf 551 to 265 (gzip 167 to 97), getProjectPdf 570 to 263 (173 to 97),
 * getGroupPdf 433 to 265 (139 to 98); then the statements on the same writer: balance8columnsPdf 393 to 225 KB (gzip
 * 128 to 88), and cashflowPdf, financialSituationPdf, statusResultsPdf alike (393 to 226).
 */
export const BUNDLE_SIZE_BUDGET_KB = 200;
export const FILE_BUNDLE_SIZE_BUDGET_KB = 400;

/** The NodejsFunction `bundling` props. */
export function lambdaBundling(fn: FunctionBundling = { multipart: true }): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    target: BUNDLE_TARGET,
    mainFields: [...BUNDLE_MAIN_FIELDS],
    banner: BUNDLE_BANNER,
    minify: true,
    sourceMap: false,
    externalModules: [],
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
    external: [],
    alias: functionAliases(fn),
    define: { ...BUNDLE_DEFINE },
    metafile: true,
    logLevel: 'warning',
  };
}
