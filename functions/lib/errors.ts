import type { ErrorCode } from '../../shared/errors';

/** A failure the client should see, with its HTTP status and wire code. Anything else becomes a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notAuthenticated = () => new ApiError(401, 'NOT_AUTHENTICATED');
export const forbidden = () => new ApiError(403, 'ACTION_NOT_ALLOWED');
export const notFound = () => new ApiError(404, 'NOT_FOUND');
export const conflict = (code: ErrorCode) => new ApiError(409, code);
/** AWS throttled a call or gave no answer in time, after the light clients' retries: worth the same request again. */
export const serviceBusy = () => new ApiError(503, 'SERVICE_BUSY');

/** 400 with per-field codes: {errors: {field: [CODE]}}. */
export const fieldErrors = (errors: Record<string, string[]>) => new ApiError(400, 'VALIDATION_ERROR', { errors });
