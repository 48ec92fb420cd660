import * as z from 'zod/mini';
import { type Contract, pathParamNames } from '../contracts/define';

/**
 * Every error status an endpoint answers, as functions/lib/http and the handlers produce them ("every status
 * an endpoint answers"). Derived from the contract's shape where the shape tells; the rest the contract declares in
 * `statuses`.
 */
export function errorStatuses(contract: Contract): number[] {
  const statuses = new Set<number>(contract.statuses ?? []);
  // parseRequest validates path, query and body: 400 VALIDATION_ERROR {code, errors}.
  if (contract.params || contract.query || contract.body) statuses.add(400);
  // authenticate: 401 without a valid token or session; 403 for a role outside `access` or a disabled project/group.
  if (contract.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  // An id in the path names a record that may not exist or lie outside the caller's scope.
  if (pathParamNames(contract.path).length > 0) statuses.add(404);
  // A stale `version` answers 409 DATA_CONFLICT (shared/contracts/fields.ts, versionField).
  if (hasVersionField(contract.body)) statuses.add(409);
  // API Gateway (and the local gateway) refuse a body over 10 MB on any route before the function runs.
  statuses.add(413);
  // Anything unexpected: 500 INTERNAL_ERROR, without internals (functions/lib/http/error-response.ts).
  statuses.add(500);
  // AWS throttled a call or gave no answer in time, after the light clients' retries: 503 SERVICE_BUSY, Retry-After.
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function hasVersionField(body: z.ZodMiniType | undefined): boolean {
  if (!body) return false;
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
  return Boolean(schema.properties && 'version' in schema.properties);
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

/** The reusable answer of each error status, named by components.responses. */
export const ERROR_RESPONSES: Record<number, { name: string; response: object }> = {
  400: {
    name: 'BadRequest',
    response: {
      description:
        'Invalid input: VALIDATION_ERROR with the codes of each field ({code, errors: {field: [CODE]}}), or a code of ' +
        'the endpoint such as INVALID_TOKEN, EMAIL_NOT_EXISTS, PASSWORD_EXISTS or USER_ALREADY_INVITED ({code}).',
      content: json({ anyOf: [ref('ValidationError'), ref('Error')] }),
    },
  },
  401: {
    name: 'Unauthorized',
    response: {
      description:
        'NOT_AUTHENTICATED (no valid token), SESSION_ENDED (sessions ended by logout, password change or reset, or ' +
        'the 55-minute limit); on sign-in INVALID_CREDENTIALS or USER_DISABLED.',
      content: json(ref('Error')),
    },
  },
  403: {
    name: 'Forbidden',
    response: {
      description:
        'ACTION_NOT_ALLOWED (the role or the action is not allowed), PROJECT_DISABLED or GROUP_DISABLED (the ' +
        "caller's project or group is disabled).",
      content: json(ref('Error')),
    },
  },
  404: {
    name: 'NotFound',
    response: {
      description: 'NOT_FOUND: the record named by an id does not exist or is outside the caller’s scope.',
      content: json(ref('Error')),
    },
  },
  408: {
    name: 'RequestTimeout',
    response: {
      description: 'NOT_PROCESSED: the work did not finish within the function’s time; nothing past it was done.',
      content: json(ref('Error')),
    },
  },
  409: {
    name: 'Conflict',
    response: {
      description:
        'DATA_CONFLICT (the record changed since it was read: a stale version), or the conflict the summary names ' +
        '(a unique value taken, a record that is still in use).',
      content: json(ref('Error')),
    },
  },
  413: {
    name: 'PayloadTooLarge',
    response: {
      description:
        'The request body is over the 10 MB payload limit, refused before the function runs: {code: ' +
        'PAYLOAD_TOO_LARGE} from the local gateway, API Gateway’s own {message} in AWS.',
      content: json({ type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } }),
    },
  },
  429: {
    name: 'TooManyRequests',
    response: {
      description:
        'TOO_MANY_ATTEMPTS: throttled; RESEND_COOLDOWN: the invitation was resent minutes ago; MAIL_QUOTA_EXCEEDED / ' +
        'QUOTA_EXCEEDED: the day’s (or hour’s) quota of the caller or its firm is spent. remaining_time says how ' +
        'many seconds to wait.',
      content: json(ref('TooManyAttempts')),
    },
  },
  500: {
    name: 'InternalError',
    response: {
      description: 'INTERNAL_ERROR: an unexpected failure, logged with its details.',
      content: json(ref('Error')),
    },
  },
  503: {
    name: 'ServiceUnavailable',
    response: {
      description:
        'SERVICE_BUSY: an AWS service throttled the request or did not answer in time, after retries; nothing the ' +
        'caller sent was wrong and the same request may be sent again after Retry-After seconds.',
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' } },
      content: json(ref('Error')),
    },
  },
};

export const ERROR_SCHEMAS = {
  Error: {
    type: 'object',
    required: ['code'],
    properties: {
      code: { type: 'string', description: 'Wire code (shared/errors.ts); the SPA shows its Spanish message.' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      remaining_time: { type: 'integer' },
    },
  },
  ValidationError: {
    type: 'object',
    required: ['code', 'errors'],
    properties: {
      code: { type: 'string', enum: ['VALIDATION_ERROR'] },
      errors: {
        type: 'object',
        description: 'Codes of each invalid field (REQUIRED, FORMAT_ERROR, ERROR_LENGTH, ...).',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  TooManyAttempts: {
    type: 'object',
    required: ['code', 'remaining_time'],
    properties: {
      code: {
        type: 'string',
        enum: ['TOO_MANY_ATTEMPTS', 'RESEND_COOLDOWN', 'MAIL_QUOTA_EXCEEDED', 'QUOTA_EXCEEDED'],
      },
      remaining_time: { type: 'integer', minimum: 1, description: 'Seconds until a new attempt is allowed.' },
    },
  },
};
