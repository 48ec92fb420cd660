import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Caller } from '../auth/caller';
import type { BatchedMembershipCheck } from '../data/membership-status';
import type { UploadedFile } from '../uploaded-file';

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  files: UploadedFile[];
}

/** Lambda context plus what the middlewares found out about the request. */
export interface PortalContext extends Context {
  caller?: Caller;
  /** The caller's memberships check, when it rides in the handler's reads (authenticate.ts). */
  membershipCheck?: BatchedMembershipCheck;
  input?: ParsedInput;
}

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;
