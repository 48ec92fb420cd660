import { postToken, postTokenRefresh } from '@shared/contracts/auth';
import { type BodyInputOf, type Contract, fillPath, type ResponseOf } from '@shared/contracts/define';
import { CORRELATION_HEADER, newCorrelationId } from '@shared/correlation';
import type { ErrorLike } from '@shared/i18n/es';
import { CSRF_HEADER } from '@shared/session-cookies';
import type { z } from 'zod/mini';
import { REQUEST_TIMEOUT_MS } from './constants';
import { type SessionMarker, sessionMarker } from './session-marker';
import { singleFlight } from './single-flight';

export type ParamsInputOf<C> =
  C extends Contract<infer P, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType> ? z.input<P> : never;
export type QueryInputOf<C> =
  C extends Contract<z.ZodMiniType, infer Q, z.ZodMiniType, z.ZodMiniType> ? z.input<Q> : never;

export interface CallOptions<C extends Contract> {
  params?: ParamsInputOf<C>;
  query?: QueryInputOf<C>;
  /** JSON, or FormData for multipart endpoints. */
  body?: BodyInputOf<C> | FormData;
  signal?: AbortSignal;
  /**
   * false: the call does not speak for the session (a share link's download): it goes without the session cookies,
   * and its 401 neither refreshes nor ends the session.
   */
  session?: false;
  /** Set false to fail on a 401 instead of refreshing once and retrying. */
  refreshOnUnauthorized?: boolean;
}

/** A failed call: HTTP status (0 when the network or the timeout failed) and the API's `{code, ...}` body. */
export class ApiError extends Error implements ErrorLike {
  readonly status: number;
  readonly code: string;
  readonly errors?: Record<string, string[]>;
  readonly remaining_time?: number;
  /** The call's correlation id (shared/correlation.ts), shown as 'código de referencia' on a server failure. */
  readonly reference?: string;

  constructor(
    status: number,
    code: string,
    extra: { errors?: Record<string, string[]>; remaining_time?: number; reference?: string } = {},
  ) {
    super(`${status} ${code}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (extra.errors) this.errors = extra.errors;
    if (extra.remaining_time !== undefined) this.remaining_time = extra.remaining_time;
    if (extra.reference) this.reference = extra.reference;
  }
}

export interface ApiClientOptions {
  session: SessionMarker;
  /**
   * Called when the session is over: the refresh was refused, or the API said the session ended or the caller's
   * project or group is disabled (`reason`, to word on the login page). The marker is already cleared.
   */
  onSessionExpired: (reason: ApiError | null) => void;
  fetch?: typeof fetch;
  /** Origin prefix; '' means the SPA's own origin (CloudFront and the dev server both route /api there). */
  baseUrl?: string;
  timeoutMs?: number;
}

/** Calls that never trigger a refresh: signing in and refreshing itself. */
const NO_REFRESH_PATHS = new Set([postToken.path, postTokenRefresh.path]);

/**
 * Answers that end the session whatever the call: the server ended every session of the user (logout
 * elsewhere, password change, disabled user), or its project or group was disabled.
 */
export function endsSession(error: Pick<ApiError, 'status' | 'code'>): boolean {
  return (
    (error.status === 401 && error.code === 'SESSION_ENDED') ||
    (error.status === 403 && (error.code === 'PROJECT_DISABLED' || error.code === 'GROUP_DISABLED'))
  );
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown, reference?: string): ApiError {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code = typeof data.code === 'string' ? data.code : status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`;
  const errors =
    typeof data.errors === 'object' && data.errors !== null ? (data.errors as Record<string, string[]>) : undefined;
  const remaining = typeof data.remaining_time === 'number' ? data.remaining_time : undefined;
  return new ApiError(status, code, {
    ...(errors && { errors }),
    ...(remaining !== undefined && { remaining_time: remaining }),
    ...(reference && { reference }),
  });
}

/**
 * A typed client derived from the contracts: `api(contract, {params, query, body})` resolves to the contract's
 * response type or throws an ApiError. The session rides the API's HttpOnly cookies, which the browser sends; every
 * call carries the CSRF header the API requires of a write riding them (shared/session-cookies.ts). On a 401 (except
 * from sign-in and refresh) it refreshes once and retries; concurrent 401s share that one refresh. A refused refresh
 * ends the session.
 */
export function createApiClient(options: ApiClientOptions) {
  const { session, onSessionExpired, baseUrl = '', timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  async function send(contract: Contract, call: CallOptions<Contract>): Promise<Response> {
    const url = `${baseUrl}/${fillPath(contract.path, call.params as Record<string, string> | undefined)}${queryString(call.query)}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      [CSRF_HEADER]: '1',
      [CORRELATION_HEADER]: newCorrelationId(),
    };
    let body: BodyInit | undefined;
    if (call.body instanceof FormData) body = call.body;
    else if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal =
      call.signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([call.signal, timeout]) : timeout;
    try {
      const credentials = call.session === false ? 'omit' : 'same-origin';
      return await doFetch(url, { method: contract.method, headers, body, signal, credentials });
    } catch (error) {
      if (call.signal?.aborted) throw error;
      throw new ApiError(0, timeout.aborted ? 'TIMEOUT' : 'NETWORK_ERROR');
    }
  }

  function endSession(reason: ApiError | null): false {
    session.clear();
    onSessionExpired(reason);
    return false;
  }

  /** Refreshes that succeeded so far: a call refused before the latest of them retries without another. */
  let refreshes = 0;

  /**
   * One refresh at a time: every caller that needs one waits for the same run (never for a finished one). The API
   * reads the refresh cookie and sets the new access cookie; true when it did.
   */
  const refreshOnce = singleFlight(async (): Promise<boolean> => {
    if (!session.present()) return endSession(null);
    const response = await send(postTokenRefresh, { body: {} });
    const body = await readBody(response);
    if (response.ok) {
      refreshes += 1;
      return true;
    }
    // A server failure is not a refusal: keep the session and let the caller see the error.
    if (response.status >= 500) throw errorFrom(response.status, body);
    const refusal = errorFrom(response.status, body);
    return endSession(endsSession(refusal) ? refusal : null);
  });

  return async function api<C extends Contract>(contract: C, call: CallOptions<C> = {}): Promise<ResponseOf<C>> {
    const loose = call as CallOptions<Contract>;
    const ownSession = call.session !== false;
    const refreshesBefore = refreshes;
    let response = await send(contract, loose);
    let body = response.ok ? undefined : await readBody(response);
    const mayRefresh =
      response.status === 401 &&
      !endsSession(errorFrom(401, body)) &&
      ownSession &&
      call.refreshOnUnauthorized !== false &&
      !NO_REFRESH_PATHS.has(contract.path) &&
      session.present();
    if (mayRefresh) {
      // Another call refreshed while this one was in flight: its new cookie is already there.
      const fresh = refreshes !== refreshesBefore || (await refreshOnce());
      if (!fresh) throw errorFrom(response.status, body);
      response = await send(contract, loose);
      body = response.ok ? undefined : await readBody(response);
    }
    if (!response.ok) {
      // The API echoes the call's correlation id on its answers (functions/lib/http/log-request.ts).
      const error = errorFrom(response.status, body, response.headers?.get(CORRELATION_HEADER) ?? undefined);
      if (endsSession(error) && ownSession && session.present()) endSession(error);
      throw error;
    }
    if ((contract as { fileResponse?: string }).fileResponse) return (await response.blob()) as ResponseOf<C>;
    return (await readBody(response)) as ResponseOf<C>;
  };
}

const sessionExpiredListeners = new Set<(reason: ApiError | null) => void>();

/** Subscribe to the end of the session forced by the API (lib/session.ts signs the user out). */
export function onSessionExpired(listener: (reason: ApiError | null) => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** The SPA's client: same origin, the session in the API's cookies. */
export const api = createApiClient({
  session: sessionMarker,
  onSessionExpired: (reason) => {
    for (const listener of sessionExpiredListeners) listener(reason);
  },
});
