import { describe, expect, it } from 'vitest';
import { contracts } from '../contracts';
import { type Contract, pathParamNames } from '../contracts/define';
import { buildOpenApi } from './build';
import { describeProblems, lintOpenApi } from './lint';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the generated JSON document by its keys.
type Json = Record<string, any>;
const document = buildOpenApi(contracts) as Json;
const operationOf = (contract: Contract): Json => document.paths[`/${contract.path}`][contract.method.toLowerCase()];
const idsOf = (list: readonly Contract[]) => list.map((c) => c.id);

const withFiles = contracts.filter((c) => Object.keys(c.multipartFiles ?? {}).length > 0);
const fileResponses = contracts.filter((c) => c.fileResponse);
const protectedOnes = contracts.filter((c) => c.access !== 'public');
const withPathIds = contracts.filter((c) => pathParamNames(c.path).length > 0);
/** Public endpoints that take a throttle slot (functions/lib/data/throttle.ts callers). */
const THROTTLED = [
  'postToken',
  'requestPasswordReset',
  'resetPassword',
  'registerInvitation',
  'verifyInvitation',
  'confirmPasswordReset',
];

describe('OpenAPI document (it tells the truth)', () => {
  it('covers every contract once, with servers and the bearer scheme', () => {
    const operations = Object.values(document.paths as Json).flatMap((item) => Object.values(item as Json));
    expect(operations.map((o) => o.operationId).sort()).toEqual(idsOf(contracts).slice().sort());
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has a multipart body with a binary part per file for each contract that takes files', () => {
    expect(idsOf(withFiles)).toEqual(
      expect.arrayContaining(['createProject', 'patchProject', 'patchUserProfile', 'importUsersCsv']),
    );
    for (const contract of withFiles) {
      const multipart = operationOf(contract).requestBody?.content?.['multipart/form-data'];
      expect(multipart, contract.id).toBeDefined();
      for (const field of Object.keys(contract.multipartFiles ?? {})) {
        expect(multipart.schema.properties[field], `${contract.id}.${field}`).toEqual({
          type: 'string',
          format: 'binary',
        });
        expect(multipart.encoding[field].contentType, `${contract.id}.${field}`).toBeTruthy();
      }
    }
  });

  it('keeps the text fields of the body beside the files, and requires the file of a file-only upload', () => {
    const project = operationOf(contracts.find((c) => c.id === 'createProject') as Contract).requestBody.content;
    expect(project['multipart/form-data'].schema.properties.project_name).toBeDefined();
    expect(project['multipart/form-data'].schema.required).toContain('project_name');
    expect(project['application/json']).toBeDefined();
    const csv = operationOf(contracts.find((c) => c.id === 'importUsersCsv') as Contract).requestBody.content;
    expect(Object.keys(csv)).toEqual(['multipart/form-data']);
    expect(csv['multipart/form-data'].schema.required).toEqual(['file_csv']);
    // The own profile takes its picture and its text fields alike, none of them required.
    const profile = operationOf(contracts.find((c) => c.id === 'patchUserProfile') as Contract).requestBody.content;
    expect(profile['multipart/form-data'].schema.properties.first_name).toBeDefined();
    expect(profile['multipart/form-data'].schema.required ?? []).not.toContain('image');
  });

  it('answers its file type (a PDF, or the accounting Excel files), not JSON, for each file response', () => {
    expect(fileResponses.length).toBeGreaterThanOrEqual(3);
    for (const contract of fileResponses) {
      const content = operationOf(contract).responses[String(contract.successStatus ?? 200)].content;
      expect(Object.keys(content), contract.id).toEqual([contract.fileResponse]);
    }
  });

  it('declares 401 and 403 on each protected contract, and 401 on sign-in and refresh', () => {
    for (const contract of protectedOnes) {
      expect(operationOf(contract).responses, contract.id).toHaveProperty('401');
      expect(operationOf(contract).responses, contract.id).toHaveProperty('403');
      expect(operationOf(contract).security, contract.id).toEqual([{ bearer: [] }]);
    }
    for (const id of ['postToken', 'postTokenRefresh']) {
      expect(operationOf(contracts.find((c) => c.id === id) as Contract).responses, id).toHaveProperty('401');
    }
  });

  it('declares 404 on each path with an id', () => {
    expect(withPathIds.length).toBeGreaterThan(10);
    for (const contract of withPathIds) expect(operationOf(contract).responses, contract.id).toHaveProperty('404');
  });

  it('declares 429 on the throttled endpoints', () => {
    for (const id of THROTTLED) {
      const contract = contracts.find((c) => c.id === id);
      expect(contract, id).toBeDefined();
      expect(operationOf(contract as Contract).responses, id).toHaveProperty('429');
    }
    expect(operationOf(contracts.find((c) => c.id === 'getUser') as Contract).responses).not.toHaveProperty('429');
  });

  it('declares 409 on each body with a version, 400 with {code, errors} wherever there is input, 413 and 500 everywhere', () => {
    for (const contract of contracts) {
      const responses = operationOf(contract).responses;
      expect(responses, contract.id).toHaveProperty('413');
      expect(responses, contract.id).toHaveProperty('500');
      if (contract.params || contract.query || contract.body) expect(responses, contract.id).toHaveProperty('400');
      const fields = contract.body && 'shape' in contract.body ? (contract.body.shape as object) : {};
      if ('version' in fields) expect(responses, contract.id).toHaveProperty('409');
    }
    expect(document.components.schemas.ValidationError.required).toEqual(['code', 'errors']);
  });

  it('passes Redocly’s recommended ruleset (the trailing-slash rule off; a redirect is a navigation’s success)', async () => {
    const problems = await lintOpenApi(document);
    if (problems.length > 0) console.error(describeProblems(problems).join('\n'));
    expect(describeProblems(problems)).toEqual([]);
  }, 30_000);

  it('the lint does fail on a problem', async () => {
    const broken = structuredClone(document);
    delete broken.servers;
    delete broken.paths['/api/v1/health/'].get.summary;
    const rules = (await lintOpenApi(broken)).map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['no-empty-servers', 'operation-summary']));
  }, 30_000);
});
