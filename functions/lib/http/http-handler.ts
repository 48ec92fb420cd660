import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { BodyOf, Contract, ParamsOf, QueryOf, ResponseOf } from '../../../shared/contracts/define';
import type { Caller } from '../auth/caller';
import { withLambdaDeadline } from '../aws/aws-client';
import { config } from '../config';
import { withBatchGetExtra } from '../data/batch-get-extras';
import { FileAnswer } from '../file-answer';
import type { UploadedFile } from '../uploaded-file';
import { authenticate } from './authenticate';
import { errorResponse, jsonResponse } from './error-response';
import { fileResponse } from './file-response';
import { logRequest } from './log-request';
import { requireCloudFront } from './origin-verify';
import { parseRequest } from './parse-request';
import { RawResult } from './raw-result';
import { securityHeaders } from './security-headers';
import type { HttpEvent, HttpResult, PortalContext } from './types';

export interface HandlerInput<C extends Contract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** Present on every protected contract; undefined on public ones. */
  caller: C['access'] extends 'public' ? Caller | undefined : Caller;
  /** Image files of a multipart request, already checked (type by content, size). */
  files: UploadedFile[];
  event: HttpEvent;
  /** Milliseconds left before the function times out. */
  remainingMs: () => number;
}

/** A handler may return its body, a file (a PDF, an export), or a full result for other answers (a redirect). */
export type HandlerOutput<C extends Contract> = ResponseOf<C> | FileAnswer | RawResult;

export interface HandlerOptions {
  /**
   * A list that writes nothing: the caller's memberships check rides in its reads instead of a DynamoDB call of its
   * own (authenticate.ts; a page in at most 3 calls).
   */
  readOnlyList?: boolean;
}

export { RawResult } from './raw-result';

/**
 * Wraps an endpoint's domain function with the contract's rules, in this order: request log, security headers on
 * whatever the answer is, error mapping, authentication and role check (401/403 before any 400, so callers learn
 * nothing without access), input validation.
 */
export function httpHandler<C extends Contract>(
  contract: C,
  impl: (input: HandlerInput<C>) => Promise<HandlerOutput<C>>,
  options: HandlerOptions = {},
): (event: HttpEvent, context: Context) => Promise<HttpResult> {
  const handler = middy<HttpEvent, HttpResult, Error, PortalContext>()
    .use(logRequest(contract.id))
    .use(securityHeaders())
    .use(errorResponse())
    .use(requireCloudFront())
    .use(authenticate(contract, options.readOnlyList))
    .use(parseRequest(contract))
    .handler(async (event, context) => {
      const input = context.input ?? { params: {}, query: {}, body: {}, files: [] };
      const run = () =>
        impl({
          params: input.params as ParamsOf<C>,
          query: input.query as QueryOf<C>,
          body: input.body as BodyOf<C>,
          caller: context.caller as HandlerInput<C>['caller'],
          files: input.files,
          event,
          remainingMs: () => context.getRemainingTimeInMillis(),
        });
      const check = context.membershipCheck;
      const output = await (check ? withBatchGetExtra(check, run) : run());
      if (output instanceof RawResult) return output.result;
      if (output instanceof FileAnswer) return fileResponse(output);
      // Locally and in tests every answer is checked against its contract; in AWS that cost is skipped.
      const body = config.isLocal ? contract.response.parse(output) : output;
      return jsonResponse(contract.successStatus ?? 200, body);
    });
  // Every AWS call of the request, the middlewares' too, gives up before the function's time runs out (aws-client.ts),
  // so a slow or throttled service answers 503 rather than a gateway timeout.
  return (event, context) => withLambdaDeadline(context, () => handler(event, context));
}
