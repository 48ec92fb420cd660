import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger for every function; each request appends its request id. */
export const logger = new Logger({ serviceName: 'portal' });
