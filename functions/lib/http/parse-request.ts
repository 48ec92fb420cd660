import type middy from '@middy/core';
import * as z from 'zod/mini';
import type { Contract } from '../../../shared/contracts/define';
import { fieldErrors } from '../errors';
import type { UploadedFile } from '../uploaded-file';
import { validate } from './field-errors';
import { MultipartLimitError, parseMultipart } from './multipart';
import type { HttpEvent, HttpResult, PortalContext } from './types';
import { checkCsv, checkDocument, checkImage, checkSheet } from './uploads';

const EMPTY = z.object({});

function rawBody(event: HttpEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (error) {
    if (error instanceof MultipartLimitError) {
      throw fieldErrors(Object.fromEntries([[error.field ?? 'non_field_errors', ['ERROR_LENGTH']]]));
    }
    throw fieldErrors({ non_field_errors: ['FORMAT_ERROR'] });
  }
}

/** The body as fields (JSON, or multipart text fields) and, for multipart contracts, the checked image files. */
async function readBody(contract: Contract, event: HttpEvent): Promise<{ fields: unknown; files: UploadedFile[] }> {
  const contentType = event.headers?.['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) return { fields: parseJson(rawBody(event)), files: [] };
  if (!contract.multipartFiles) throw fieldErrors({ non_field_errors: ['FORMAT_NOT_ALLOWED'] });
  let parsed: Awaited<ReturnType<typeof parseMultipart>>;
  try {
    parsed = await parseMultipart(rawBody(event), contentType);
  } catch (error) {
    if (error instanceof MultipartLimitError) {
      throw fieldErrors(Object.fromEntries([[error.field ?? 'non_field_errors', ['ERROR_LENGTH']]]));
    }
    throw fieldErrors({ non_field_errors: ['FORMAT_ERROR'] });
  }
  const errors: Record<string, string[]> = {};
  for (const file of parsed.files) {
    const kind = contract.multipartFiles[file.field];
    const codes =
      kind === 'image'
        ? checkImage(file)
        : kind === 'csv'
          ? checkCsv(file)
          : kind === 'document'
            ? checkDocument(file)
            : kind === 'sheet'
              ? checkSheet(file)
              : ['FORMAT_NOT_ALLOWED'];
    if (codes.length > 0) errors[file.field] = codes;
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return { fields: parsed.fields, files: parsed.files };
}

/**
 * Validates path parameters, query and body against the contract's zod schemas; any failure answers 400 with field
 * codes before the handler runs, so a handler only ever sees typed, valid input.
 */
export function parseRequest(contract: Contract): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const parseRequestBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const { event } = request;
    const body = contract.body ? await readBody(contract, event) : { fields: {}, files: [] };
    const results = [
      validate(contract.params ?? EMPTY, event.pathParameters ?? {}),
      validate(contract.query ?? EMPTY, event.queryStringParameters ?? {}),
      validate(contract.body ?? EMPTY, body.fields),
    ];
    // Own properties only (Object.assign would run the `__proto__` setter for a field of that name).
    const errors = Object.fromEntries(results.flatMap((r) => (r.success ? [] : Object.entries(r.errors))));
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const [params, query, fields] = results.map((r) => (r.success ? r.data : undefined));
    request.context.input = { params, query, body: fields, files: body.files };
  };
  return { before: parseRequestBefore };
}
