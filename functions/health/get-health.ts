import { getHealth } from '../../shared/contracts/health';
import { tableAnswers } from '../lib/data/health';
import { httpHandler } from '../lib/http/http-handler';

/** GET api/v1/health/: answers ok once the table answers a data-plane read (functions/lib/data/health.ts). */
export const handler = httpHandler(getHealth, async () => {
  await tableAnswers();
  return { status: 'ok' as const, time: new Date().toISOString() };
});
