import * as z from 'zod/mini';
import { type Contract, pathParamNames } from '../contracts/define';
import { ERROR_RESPONSES, ERROR_SCHEMAS, errorStatuses } from './statuses';

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12, the dialect of OpenAPI 3.1, without the `$schema` key the document's dialect already says. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest as JsonSchema;
}

/** The content types functions/lib/http/uploads.ts accepts, by the kind a contract names. */
const FILE_TYPES = {
  image: 'image/png, image/jpeg, image/gif, image/webp',
  csv: 'text/csv',
  document: 'application/octet-stream',
  sheet: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function parameters(contract: Contract): JsonSchema[] {
  const pathSchema = contract.params ? (jsonSchema(contract.params, 'input').properties as JsonSchema) : {};
  const fromPath = pathParamNames(contract.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: pathSchema?.[name] ?? { type: 'string' },
  }));
  if (!contract.query) return fromPath;
  const query = jsonSchema(contract.query, 'input');
  const required = new Set((query.required as string[] | undefined) ?? []);
  const fromQuery = Object.entries((query.properties as Record<string, JsonSchema>) ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  return [...fromPath, ...fromQuery];
}

/**
 * JSON, and multipart/form-data where the contract takes files (functions/lib/http/parse-request.ts): the text fields of
 * the body schema plus binary parts. A body with no fields of its own (avatar, CSV import) is only a file upload, and
 * its file is required there; otherwise the files are optional and JSON is accepted too.
 */
function requestBody(contract: Contract): JsonSchema | undefined {
  if (!contract.body) return undefined;
  const schema = jsonSchema(contract.body, 'input');
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const files = Object.entries(contract.multipartFiles ?? {});
  const onlyFiles = files.length > 0 && Object.keys(properties).length === 0;
  const content: JsonSchema = onlyFiles ? {} : { 'application/json': { schema } };
  if (contract.multipartFiles) {
    content['multipart/form-data'] = {
      schema: {
        ...schema,
        properties: {
          ...properties,
          ...Object.fromEntries(files.map(([field]) => [field, { type: 'string', format: 'binary' }])),
        },
        ...(onlyFiles && { required: files.map(([field]) => field) }),
      },
      ...(files.length > 0 && {
        encoding: Object.fromEntries(files.map(([field, kind]) => [field, { contentType: FILE_TYPES[kind] }])),
      }),
    };
  }
  return { required: true, content };
}

function successResponse(contract: Contract): JsonSchema {
  if (contract.fileResponse) {
    return {
      description: 'The file',
      content: { [contract.fileResponse]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return { description: 'OK', content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } } };
}

function operation(contract: Contract): JsonSchema {
  const isPublic = contract.access === 'public';
  const body = requestBody(contract);
  return {
    operationId: contract.id,
    summary: contract.summary,
    tags: [contract.handler.split('/')[0]],
    security: isPublic ? [] : [{ bearer: [] }],
    'x-roles': isPublic ? 'public' : contract.access,
    parameters: parameters(contract),
    ...(body && { requestBody: body }),
    responses: {
      [String(contract.successStatus ?? 200)]: successResponse(contract),
      ...Object.fromEntries(
        errorStatuses(contract).map((status) => [
          String(status),
          { $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}` },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3 document of the API, derived from the contract table. */
export function buildOpenApi(contracts: readonly Contract[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const contract of contracts) {
    const path = `/${contract.path}`;
    paths[path] ??= {};
    paths[path][contract.method.toLowerCase()] = operation(contract);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal API',
      version: '1.0.0',
      description: 'Generated from shared/contracts. Do not edit.',
      // package.json: a private package with no licence file.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // The API lives on the portal's own origin under /api: CloudFront routes it in AWS, the local gateway locally.
    servers: [{ url: '/', description: 'The portal that serves this document' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: ERROR_SCHEMAS,
      responses: Object.fromEntries(Object.values(ERROR_RESPONSES).map(({ name, response }) => [name, response])),
    },
  };
}
