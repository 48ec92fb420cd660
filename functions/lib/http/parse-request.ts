import type middy from '@middy/core';
import { z } from 'zod';
import type { Contract } from '../../../shared/contracts/define';
import { fieldErrors } from '../errors';
import { validate } from './field-errors';
import type { HttpEvent, HttpResult, PortalContext } from './types';

const EMPTY = z.object({});

function readJsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw fieldErrors({ non_field_errors: ['FORMAT_ERROR'] });
  }
}

/**
 * Validates path parameters, query and body against the contract's zod schemas; any failure answers 400 with field
 * codes before the handler runs, so a handler only ever sees typed, valid input.
 */
export function parseRequest(contract: Contract): middy.MiddlewareObj<HttpEvent, HttpResult, Error, PortalContext> {
  const parseRequestBefore: middy.MiddlewareFn<HttpEvent, HttpResult, Error, PortalContext> = async (request) => {
    const { event } = request;
    const results = [
      validate(contract.params ?? EMPTY, event.pathParameters ?? {}),
      validate(contract.query ?? EMPTY, event.queryStringParameters ?? {}),
      validate(contract.body ?? EMPTY, contract.body ? readJsonBody(event) : {}),
    ];
    const errors = Object.assign({}, ...results.map((r) => (r.success ? {} : r.errors)));
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const [params, query, body] = results.map((r) => (r.success ? r.data : undefined));
    request.context.input = { params, query, body };
  };
  return { before: parseRequestBefore };
}
