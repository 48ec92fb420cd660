import * as z from 'zod';
import { type Contract, pathParamNames } from '../contracts/define';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

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

function operation(contract: Contract): JsonSchema {
  const isPublic = contract.access === 'public';
  return {
    operationId: contract.id,
    summary: contract.summary,
    tags: [contract.handler.split('/')[0]],
    security: isPublic ? [] : [{ bearer: [] }],
    'x-roles': isPublic ? 'public' : contract.access,
    parameters: parameters(contract),
    ...(contract.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
      },
    }),
    responses: {
      [String(contract.successStatus ?? 200)]: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(contract.response, 'output') } },
      },
      '400': errorResponse('Invalid input: {errors: {field: [CODE]}}'),
      ...(!isPublic && {
        '401': errorResponse('NOT_AUTHENTICATED'),
        '403': errorResponse('ACTION_NOT_ALLOWED'),
      }),
      '500': errorResponse('INTERNAL_ERROR'),
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
    openapi: '3.0.3',
    info: { title: 'Portal API', version: '1.0.0', description: 'Generated from shared/contracts. Do not edit.' },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['code'],
          properties: {
            code: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
            remaining_time: { type: 'integer' },
          },
        },
      },
    },
  };
}
