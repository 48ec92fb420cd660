import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Role } from '../../../shared/roles';
import type { UserRecord } from '../data/users';
import type { UploadedFile } from './multipart';

/** Who is calling: the user record from DynamoDB, never claims the client sent. */
export interface Caller {
  user: UserRecord;
  role: Role;
}

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  files: UploadedFile[];
}

/** Lambda context plus what the middlewares found out about the request. */
export interface PortalContext extends Context {
  caller?: Caller;
  input?: ParsedInput;
}

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;
