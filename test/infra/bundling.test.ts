import { execFileSync } from 'node:child_process';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaOf } from '../../infra/api-chunks';
import { BUNDLE_BANNER, BUNDLE_DEFINE, bundlingFor, esbuildOptions } from '../../infra/bundling';
import { handlerEntry, REPO_ROOT } from '../../infra/paths';
import { WEIGHT_BUDGETS } from '../../infra/weight-budgets';
import { contracts } from '../../shared/contracts';
import { type Synthesized, synthPortal, unacknowledgedViolations } from './helpers';
import { pdfSamples } from './pdf-samples';

/**
 * A real `cdk synth` with real esbuild bundling, on a sample of the contract table (one contract from each of the
 * first areas): CDK bundles every function through its own esbuild process, about a second each, so the whole
 * table is left to `npm run synth` and the bench.
 */
const SAMPLE_AREAS = 2;
const sample = [...new Map(contracts.map((c) => [areaOf(c), c])).values()].slice(0, SAMPLE_AREAS);
let synth: Synthesized;
/** What the light clients' fault-injection branch leaves in a bundle: the switch's name, the attempt's `expire`. */
const FAULT_SWITCH_MARKS = /PORTAL_FAULT_INJECTION|expire:\(\)=>/;

beforeAll(() => {
  synth = synthPortal({ contracts: sample });
});

describe('bundled synth', () => {
  it('synthesizes with cdk-nag and no unacknowledged finding', () => {
    expect(sample.length).toBeGreaterThan(0);
    expect(unacknowledgedViolations(synth.outdir)).toEqual([]);
  });

  it('bundles each function as minified ESM with the createRequire banner, no source map, no unused SDK parts', () => {
    const bundles = readdirSync(synth.outdir)
      .filter((name) => name.startsWith('asset.'))
      .filter((dir) => readdirSync(path.join(synth.outdir, dir)).includes('index.mjs'));
    // The sample's handlers, plus the jobs every portal has: the indicators refresh, the large ledger import worker,
    // the invitation mail queue's worker, the garbage sweeper, the document digest, the message notice, the request jobs,
    // the SES events handler and the health probe.
    const jobs = [
      'indicators/refresh',
      'accounting/import-job-worker',
      'registration/invitation-mail-worker',
      'maintenance/sweep-garbage',
      'documents/document-digest',
      'messages/message-notice',
      'requests/generate-recurring-requests',
      'requests/send-request-reminders',
      'external/ses-events',
      'health/probe',
    ];
    expect(bundles).toHaveLength(new Set([...sample.map((c) => c.handler), ...jobs]).size);
    // The import worker is a 15-minute job, not a request path: it carries the file readers (CSV, XLSX)
    // besides DynamoDB and S3, and its cold start is nothing beside a 150 MB import, so the request budget is not its own.
    const jobFunctions = Template.fromStack(synth.stacks.jobs).findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('Large ledger imports') },
    });
    const workerKeys = Object.values(jobFunctions).map((fn) => String(fn.Properties.Code.S3Key).replace(/\.zip$/, ''));
    expect(workerKeys).toHaveLength(1);
    let withSdk = 0;
    let withoutSdk = 0;
    for (const dir of bundles) {
      const files = readdirSync(path.join(synth.outdir, dir));
      expect(files).toEqual(['index.mjs']);
      const file = path.join(synth.outdir, dir, 'index.mjs');
      const code = readFileSync(file, 'utf8');
      expect(code.startsWith(BUNDLE_BANNER)).toBe(true);
      expect(code).not.toContain('sourceMappingURL');
      // Minified: long lines (only template literals and legal comments keep their line breaks).
      expect(code.length / code.split('\n').length).toBeGreaterThan(500);
      expect(statSync(file).size).toBeGreaterThan(10_000);
      // DynamoDB goes through the light client (functions/lib/aws/dynamo-client.ts), never the SDK's.
      expect(code).not.toContain('com.amazonaws.dynamodb');
      expect(code).not.toMatch(/sso_start_url|credential_process|web_identity_token_file/);
      // The local fault switch (local/faults.ts) is not in any function: its branch is dead code under the define.
      expect(code).not.toMatch(FAULT_SWITCH_MARKS);
      // Where an SDK client remains (the documents bucket's and the import worker's S3, QuickSight, SSM, Bedrock: its
      // user-agent header tells), credentials come from the environment only: the SDK's chain (SSO, ini files, credential_process, web identity, container and instance
      // credentials) is left out, and so are event streams.
      if (code.includes('x-amz-user-agent')) {
        withSdk += 1;
        expect(code).toContain('Unable to find environment variable credentials.');
        expect(code).toContain('AWS SDK event streams are not bundled (infra/bundling.ts)');
      } else {
        withoutSdk += 1;
        // Nor does token verification load Node's TLS stack (aws-jwt-verify's web layer, infra/bundling.ts).
        expect(code).not.toMatch(/from\s*"(node:)?https"/);
      }
      // What a function of the sample weighs (infra/weight-budgets.ts; the bench measures them all).
      if (!workerKeys.includes(dir.replace(/^asset\./, ''))) {
        // A passkey function (its WebAuthn ceremony types tell) has a budget of its own.
        const webAuthn = /webauthn\.(get|create)/.test(code);
        const budget = webAuthn ? WEIGHT_BUDGETS.webAuthnFunctionKb : WEIGHT_BUDGETS.fileFunctionKb;
        expect(statSync(file).size).toBeLessThan(budget * 1024);
      }
    }
    expect(withSdk, 'bundles carrying an SDK client (the indicators refresh reads SSM)').toBeGreaterThan(0);
    expect(withoutSdk, 'bundles carrying no SDK client').toBeGreaterThan(0);
  });

  it('points each function at its bundle', () => {
    for (const stack of synth.stacks.apis) {
      const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
      for (const fn of Object.values(functions)) {
        expect(fn.Properties.Handler).toBe('index.handler');
        expect(fn.Properties.Code.S3Key).toMatch(/^[0-9a-f]{64}\.zip$/);
      }
    }
  });
});

describe('per-function bundling', () => {
  /**
   * One handler bundled in memory as the deployment bundles it (infra/bundling.ts), for its own contracts: its code
   * and the modules it holds code of.
   */
  async function bundled(handler: string): Promise<string> {
    const served = contracts.filter((c) => c.handler === handler);
    expect(served.length).toBeGreaterThan(0);
    const { outfile: _out, ...options } = esbuildOptions(handlerEntry(handler), '', bundlingFor(served));
    const result = await build({ ...options, outdir: '/virtual-out', write: false, metafile: true, logLevel: 'error' });
    // The modules that put code in the bundle (the metafile also lists those tree-shaking emptied).
    const output = Object.values(result.metafile?.outputs ?? {})[0];
    const inputs = Object.entries(output?.inputs ?? {}).filter(([, input]) => input.bytesInOutput > 0);
    return [result.outputFiles[0]?.text ?? '', ...inputs.map(([name]) => name)].join('\n');
  }

  /**
   * Cognito, SES v2 and S3 are called through the light clients of functions/lib/aws/ (@smithy/core and an
   * SDK client weighed 130 to 300 KB of a bundle). A function that needs one of their SDK clients again is named here,
   * with the reason; none does today (QuickSight, SSM and Bedrock, in the report viewer, the indicators and the chatbot,
   * stay on the SDK).
   */
  const SDK_CLIENTS_LEFT: Record<string, string[]> = {};

  it('keeps the SDK clients of Cognito, SES v2 and S3 out of every function, but where stated', async () => {
    // Every endpoint's function and the jobs (the indicators refresh, the ledger import worker, the mail worker, the
    // garbage sweeper, the document digest, the message notice, the SES events handler, the health probe).
    const jobs = [
      'indicators/refresh',
      'accounting/import-job-worker',
      'registration/invitation-mail-worker',
      'maintenance/sweep-garbage',
      'documents/document-digest',
      'messages/message-notice',
      'requests/generate-recurring-requests',
      'requests/send-request-reminders',
      'external/ses-events',
      'health/probe',
    ];
    const handlers = [...new Set([...contracts.map((c) => c.handler), ...jobs])].sort();
    const { entryPoints: _entry, outfile: _out, ...options } = esbuildOptions('', '', { multipart: true });
    const result = await build({
      ...options,
      entryPoints: Object.fromEntries(handlers.map((handler) => [handler, handlerEntry(handler)])),
      outdir: '/virtual-out',
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    const carrying: Record<string, string[]> = {};
    for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
      const clients = new Set<string>();
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const client = /node_modules\/@aws-sdk\/(client-(?:cognito-identity-provider|sesv2|s3))\//.exec(input)?.[1];
        if (client && bytesInOutput > 0) clients.add(`@aws-sdk/${client}`);
      }
      if (clients.size > 0) carrying[file.replace(/^.*virtual-out\//, '').replace(/\.js$/, '')] = [...clients].sort();
    }
    expect(Object.keys(result.metafile?.outputs ?? {})).toHaveLength(handlers.length);
    expect(carrying).toEqual(SDK_CLIENTS_LEFT);
    // Nor does any carry the local fault switch (its define, below).
    const faulted = result.outputFiles.filter((file) => FAULT_SWITCH_MARKS.test(file.text)).map((file) => file.path);
    expect(faulted).toEqual([]);
  }, 180_000);

  it('leaves the local fault switch out of every function through its define (which the control without it keeps)', async () => {
    const handler = 'societies/create-society';
    const served = contracts.filter((c) => c.handler === handler);
    const { outfile: _out, ...options } = esbuildOptions(handlerEntry(handler), '', bundlingFor(served));
    const text = async (define: Record<string, string> | undefined) =>
      (await build({ ...options, define, outdir: '/virtual-out', write: false, logLevel: 'error' })).outputFiles[0]
        ?.text ?? '';
    expect(options.define).toEqual(BUNDLE_DEFINE);
    expect(await text(options.define)).not.toMatch(FAULT_SWITCH_MARKS);
    // The positive control: the same bundle without the define keeps the injector's branch.
    expect(await text(undefined)).toMatch(FAULT_SWITCH_MARKS);
  }, 60_000);

  it('bundles busboy only where the contract takes files (23 KB of every other bundle)', async () => {
    const multipart = contracts.find((c) => c.multipartFiles);
    const plain = contracts.find((c) => !c.multipartFiles && c.method === 'GET');
    if (!multipart || !plain) throw new Error('the contract table has no multipart or no plain GET contract');
    const withFiles = await bundled(multipart.handler);
    expect(withFiles).toMatch(/node_modules\/busboy\//);
    expect(withFiles).not.toContain('multipart parsing is not bundled in this function');
    const withoutFiles = await bundled(plain.handler);
    expect(withoutFiles).not.toMatch(/node_modules\/busboy\//);
    expect(withoutFiles).toContain('multipart parsing is not bundled in this function');
  }, 60_000);

  it('validates with zod/mini, never zod classic (classic was 91 KB of every bundle, not tree-shaken)', async () => {
    for (const handler of ['societies/list-societies', 'users/patch-user', 'registration/import-users-csv']) {
      const code = await bundled(handler);
      expect(code).toMatch(/node_modules\/zod\/v4\/mini\//);
      expect(code).not.toMatch(/node_modules\/zod\/v4\/classic\//);
    }
  }, 60_000);

  it('carries the phone parser only where a contract the function serves takes a phone (schemas built in pure IIFEs)', async () => {
    // Each area file holds its create and patch contracts (phones) beside its lists and reads (none).
    const phone = /node_modules\/libphonenumber-js\//;
    for (const handler of ['societies/create-society', 'projects/patch-project', 'users/patch-user']) {
      expect(await bundled(handler)).toMatch(phone);
    }
    // The detail PDFs show the display form stored with the phone (functions/lib/data/phone-display.ts): 118 KB less.
    for (const handler of [
      'societies/list-societies',
      'projects/get-project',
      'users/list-users',
      'societies/get-society-pdf',
      'projects/get-project-pdf',
    ]) {
      expect(await bundled(handler)).not.toMatch(phone);
    }
  }, 120_000);

  const fileHandlers = (type: string) =>
    [...new Set(contracts.filter((c) => c.fileResponse === type).map((c) => c.handler))].sort();

  it('keeps each writer to the functions answering its file (Excel functions carried pdf-lib, 856 KB)', async () => {
    const excel = fileHandlers('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const pdf = fileHandlers('application/pdf');
    expect(excel.length).toBeGreaterThanOrEqual(3);
    expect(pdf.length).toBeGreaterThanOrEqual(7);
    for (const handler of excel) {
      const code = await bundled(handler);
      expect(code).toMatch(/node_modules\/write-excel-file\//);
      expect(code).not.toMatch(/node_modules\/(pdf-lib|@pdf-lib)\//);
    }
    for (const handler of pdf) {
      const code = await bundled(handler);
      expect(code).toMatch(/node_modules\/pdf-lib\//);
      expect(code).not.toMatch(/node_modules\/(write-excel-file|fflate)\//);
      // A phone is shown in its stored display form (no parser: functions/lib/data/phone-display.ts), and no image
      // (no signed URL: the S3 signer, 21 KB).
      expect(code).not.toMatch(
        /node_modules\/(libphonenumber-js|@aws-sdk\/s3-request-presigner|@smithy\/signature-v4)\//,
      );
      // pdf-lib's dependencies: its stand-ins instead of pako, and two fonts' metrics of 14; the PNG decoder draws
      // the firm's logo.
      expect(code).not.toMatch(/node_modules\/pako\//);
      expect(code).toMatch(/bundling-stubs\/(pako|standard-fonts)\.ts/);
      const fonts = [...code.matchAll(/standard-fonts\/es\/([\w-]+)\.compressed\.json/g)].map((m) => m[1]);
      expect(new Set(fonts)).toEqual(new Set(['Helvetica', 'Helvetica-Bold', 'all-encodings']));
      // The detail sheets and the statements write through pdf-lib's core (functions/lib/pdf-writer.ts): none of
      // PDFDocument's API, forms, parser or decoders (about 170 KB).
      expect(code).toMatch(/functions\/lib\/pdf-writer\.ts/);
      expect(code).not.toMatch(/node_modules\/pdf-lib\/es\/(api|core\/(parser|acroform|streams))\//);
    }
    expect(pdf).toEqual([
      'accounting/balance8columns-pdf',
      'accounting/cashflow-pdf',
      'accounting/financial-situation-pdf',
      'accounting/status-results-pdf',
      'groups/get-group-pdf',
      'projects/get-project-pdf',
      'societies/get-society-pdf',
    ]);
  }, 180_000);

  /** What a PDF's objects say once decoded: the stand-in deflates with Node's zlib, whose bytes may differ from pako's. */
  async function decodedObjects(base64: string): Promise<string[]> {
    const doc = await PDFDocument.load(Buffer.from(base64, 'base64'));
    return doc.context.enumerateIndirectObjects().flatMap(([ref, object]) => {
      if (!(object instanceof PDFRawStream)) {
        return [`${ref} ${object}`.replace(/\/(CreationDate|ModDate) \(D:[^)]*\)/g, '')];
      }
      const type = object.dict.get(PDFName.of('Type'));
      // Cross-reference and object streams hold offsets and the objects listed here.
      if (type === PDFName.of('XRef') || type === PDFName.of('ObjStm')) return [];
      const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
      object.dict.delete(PDFName.of('Length'));
      return [`${ref} ${object.dict} ${content}`];
    });
  }

  it("verifies access tokens through aws-jwt-verify's web layer, without loading Node's TLS stack", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-jwt-'));
    try {
      const outfile = path.join(dir, 'verify.mjs');
      // The production verifier as functions/lib/auth/verify-token.ts builds it, with its keys preloaded.
      await build({
        ...esbuildOptions(path.join(dir, 'entry.ts'), outfile, { multipart: false }),
        entryPoints: undefined,
        stdin: {
          contents: `import { CognitoJwtVerifier } from 'aws-jwt-verify';
const { jwk, tokens } = JSON.parse(process.argv[2]);
const verifier = CognitoJwtVerifier.create({ userPoolId: 'sa-east-1_Portal123', clientId: 'client1', tokenUse: 'access' });
verifier.cacheJwks({ keys: [jwk] });
const verdicts = await Promise.all(tokens.map((t) => verifier.verify(t).then((p) => 'ok ' + p.username, (e) => e.message)));
process.stdout.write(JSON.stringify(verdicts));`,
          resolveDir: REPO_ROOT,
          loader: 'ts',
        },
        metafile: false,
      });
      const code = readFileSync(outfile, 'utf8');
      expect(code).not.toMatch(/from\s*"(node:)?https"/);
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const token = (claims: object) => {
        const unsigned = `${part({ alg: 'RS256', kid: 'k1' })}.${part(claims)}`;
        return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url')}`;
      };
      const claims = {
        iss: 'https://cognito-idp.sa-east-1.amazonaws.com/sa-east-1_Portal123',
        client_id: 'client1',
        token_use: 'access',
        username: 'u1',
        iat: now,
        exp: now + 600,
      };
      const valid = token(claims);
      const tampered = valid.replace(/\.[^.]+\./, `.${part({ ...claims, username: 'u2' })}.`);
      const verdicts = JSON.parse(
        execFileSync(
          process.execPath,
          [
            outfile,
            JSON.stringify({
              jwk,
              tokens: [valid, tampered, token({ ...claims, exp: now - 60 }), token({ ...claims, client_id: 'other' })],
            }),
          ],
          {
            encoding: 'utf8',
          },
        ),
      );
      expect(verdicts).toEqual([
        'ok u1',
        'Invalid signature',
        expect.stringMatching(/^Token expired at /),
        'Client ID not allowed: other. Expected: client1',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("renders the same PDFs through the stand-ins as through pdf-lib's own dependencies", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-pdf-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      const outfile = path.join(dir, 'samples.mjs');
      await build({
        ...esbuildOptions(entry, outfile, { multipart: false }),
        entryPoints: undefined,
        stdin: {
          contents: `import { pdfSamples } from './test/infra/pdf-samples';\nprocess.stdout.write(JSON.stringify(await pdfSamples()));`,
          resolveDir: REPO_ROOT,
          loader: 'ts',
        },
        metafile: false,
      });
      const bundledSamples = JSON.parse(execFileSync(process.execPath, [outfile], { encoding: 'utf8' })) as Awaited<
        ReturnType<typeof pdfSamples>
      >;
      const own = await pdfSamples();
      expect(bundledSamples.widths).toEqual(own.widths);
      expect(bundledSamples.heights).toEqual(own.heights);
      expect(own.timesRoman).toBe('embedded');
      expect(bundledSamples.timesRoman).toContain('Standard font Times-Roman is not bundled in the functions');
      for (const layout of ['detail', 'statement'] as const) {
        const objects = await decodedObjects(bundledSamples[layout]);
        expect(objects.join('\n')).toContain('Tj');
        expect(objects).toEqual(await decodedObjects(own[layout]));
      }
      expect((await PDFDocument.load(Buffer.from(bundledSamples.statement, 'base64'))).getPageCount()).toBe(2);
      // The firm's logo and its transparency, decoded by the bundled PNG decoder.
      const images = (await decodedObjects(bundledSamples.statement)).filter((o) => o.includes('/Subtype /Image'));
      expect(images).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
