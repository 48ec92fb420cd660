import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/bundling';
import { handlerEntry } from '../../infra/paths';

/**
 * The AWS SDK commands each handler's bundle can send, read from the bundle itself: esbuild bundles every handler as
 * the deployment does (same options, tree-shaken), unminified, so each SDK command class that survives is named
 * `var <Name>Command = class`. A command in the bundle is one the handler can call; one left out cannot be called.
 * A client the Lambda runtime provides is named where it is used instead (below).
 */
export async function commandsByHandler(handlers: readonly string[]): Promise<Map<string, Set<string>>> {
  const { entryPoints: _entry, outfile: _out, ...options } = esbuildOptions('', '');
  const result = await build({
    ...options,
    entryPoints: Object.fromEntries(handlers.map((handler) => [handler, handlerEntry(handler)])),
    outdir: '/virtual-out',
    minify: false,
    write: false,
    metafile: false,
    logLevel: 'error',
  });
  const calls = new Map<string, Set<string>>();
  for (const file of result.outputFiles) {
    const handler = file.path.replace(/^.*\/virtual-out\//, '').replace(/\.js$/, '');
    const bundledCommands = [...file.text.matchAll(/\bvar (\w+)Command = class\b/g)];
    // Clients the Lambda runtime provides (infra/bundling.ts RUNTIME_SDK_CLIENTS) are not in the bundle: their command
    // classes are taken from the dynamically imported module where they are sent, `const { <Name>Command } = await`.
    const runtimeCommands = [...file.text.matchAll(/\{\s*(\w+)Command\s*\}\s*=\s*await\b/g)];
    calls.set(handler, new Set([...bundledCommands, ...runtimeCommands].map((m) => m[1] as string)));
  }
  return calls;
}

/** DynamoDB document-client and client commands that write. */
export const TABLE_WRITE_COMMANDS = [
  'Put',
  'Update',
  'Delete',
  'TransactWrite',
  'BatchWrite',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'TransactWriteItems',
  'BatchWriteItem',
];

/** S3 object commands, on the assets or the documents bucket. */
export const S3_OBJECT_COMMANDS = [
  'GetObject',
  'PutObject',
  'DeleteObject',
  'HeadObject',
  'CopyObject',
  'DeleteObjects',
];

/** The report embedding's AWS calls: QuickSight embed URLs and the Power BI secret in SSM. */
export const EMBEDDING_COMMANDS = [
  'GenerateEmbedUrlForAnonymousUser',
  'GenerateEmbedUrlForRegisteredUser',
  'GetParameter',
  'GetParameters',
  'GetParametersByPath',
];

/** Every other QuickSight and SSM command a bundle could carry: none is declarable, so none may appear. */
export const isOtherQuickSightOrSsmCommand = (name: string) =>
  !EMBEDDING_COMMANDS.includes(name) &&
  /^(GenerateEmbedUrl|GetDashboardEmbedUrl|GetSessionEmbedUrl|PutParameter|DeleteParameter)/.test(name);

/** SESv2 sending commands. */
export const MAIL_COMMANDS = ['SendEmail', 'SendBulkEmail'];

/** SESv2 identity commands of a firm's own mail domain (functions/lib/mail-identity.ts). */
export const MAIL_IDENTITY_COMMANDS = ['CreateEmailIdentity', 'GetEmailIdentity', 'DeleteEmailIdentity'];

/** Cognito calls signed with IAM credentials: every Admin* command (the others are authorized by the user's tokens). */
export const isCognitoAdminCommand = (name: string) => /^Admin[A-Z]/.test(name);
