import type { z } from 'zod/mini';
import type { Role } from '../roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses a contract may declare by hand (see `statuses`). */
export type DeclaredStatus = 401 | 403 | 404 | 408 | 409 | 429;

/**
 * One endpoint, declared once. Handlers, the local gateway, the CDK app, the OpenAPI document, the web client and the
 * authorization matrix test all read this shape.
 */
export interface Contract<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  /** Unique, stable name; also names the Lambda function and the OpenAPI operation. */
  id: string;
  method: HttpMethod;
  /** The spec's seed path, without a leading slash, with {param} placeholders: `api/v1/projects/project/{uuid}/`. */
  path: string;
  /** 'public', or the roles allowed to call it. */
  access: 'public' | readonly Role[];
  /** Handler module under functions/, without extension: `auth/post-token` is functions/auth/post-token.ts. */
  handler: string;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status of a successful answer (200 unless said). */
  successStatus?: number;
  /**
   * Also accepts multipart/form-data: text fields validated by `body`, plus these file fields and their kind
   * (admin-area §7). Images are checked by content and size; CSV by size; 'sheet' is a CSV or an XLSX.
   */
  multipartFiles?: Readonly<Record<string, 'image' | 'csv' | 'document' | 'sheet'>>;
  /** The answer is a file of this type rather than JSON (the detail PDFs, the statements' Excel files). */
  fileResponse?: 'application/pdf' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  /**
   * A plain link may carry the access token as `?token=` (the document download; file responses always may).
   */
  queryToken?: boolean;
  /**
   * Error statuses the endpoint answers that its shape cannot tell, for the OpenAPI document. The rest is
   * derived (shared/openapi/statuses.ts): 400 from inputs, 401/403 from access, 404 from path ids, 409 from a
   * `version` field, 413 and 500 everywhere. Declare here: 401/403 of a public sign-in, 404 of a filter's id, 409 of a
   * uniqueness or of a delete that needs an empty record, 429 of a throttle, 408 of a long import.
   */
  statuses?: readonly DeclaredStatus[];
}

export function defineContract<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(contract: Contract<Params, Query, Body, Response>): Contract<Params, Query, Body, Response> {
  return contract;
}

export type ParamsOf<C> =
  C extends Contract<infer P, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType> ? z.output<P> : never;
export type QueryOf<C> = C extends Contract<z.ZodMiniType, infer Q, z.ZodMiniType, z.ZodMiniType> ? z.output<Q> : never;
export type BodyOf<C> = C extends Contract<z.ZodMiniType, z.ZodMiniType, infer B, z.ZodMiniType> ? z.output<B> : never;
export type BodyInputOf<C> =
  C extends Contract<z.ZodMiniType, z.ZodMiniType, infer B, z.ZodMiniType> ? z.input<B> : never;
export type ResponseOf<C> =
  C extends Contract<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, infer R> ? z.output<R> : never;

/** Names of the {placeholders} in a contract path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** Fills a contract path with values: `api/v1/x/{uuid}/` + {uuid: 'a'} → `api/v1/x/a/`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * The path API Gateway routes: the seed path with a leading slash and without the trailing one. HTTP APIs reject
 * route keys ending in "/", so in AWS CloudFront strips the trailing slash of every /api/* request (infra/constructs/
 * web.ts) and the local gateway does the same: `api/v1/token/` is served as `/api/v1/token`, with or without slash.
 */
export function routePath(contract: Pick<Contract, 'path'>): string {
  return `/${contract.path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
}

/** Route key as API Gateway writes it: `POST /api/v1/token`. */
export function routeKey(contract: Pick<Contract, 'method' | 'path'>): string {
  return `${contract.method} ${routePath(contract)}`;
}
