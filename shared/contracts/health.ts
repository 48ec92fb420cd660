import * as z from 'zod/mini';
import { defineContract } from './define';

export const getHealth = defineContract({
  id: 'getHealth',
  method: 'GET',
  path: 'api/v1/health/',
  access: 'public',
  handler: 'health/get-health',
  summary: 'Liveness of the API and its table',
  response: z.object({ status: z.literal('ok'), time: z.string() }),
});
