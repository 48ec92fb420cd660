import { getIndicators } from '../../shared/contracts/indicators';
import { httpHandler } from '../lib/http/http-handler';
import { indicatorSummaries } from './summaries';

/** GET api/v1/indicators/: every indicator's latest stored value, variation and series (functions/indicators). */
export const handler = httpHandler(getIndicators, async () => ({ indicators: await indicatorSummaries() }));
