import { financialSituationReport } from '../../shared/contracts/accounting';
import { httpHandler } from '../lib/http/http-handler';
import { societyForViewer } from './society-access';
import { financialSituationReport as build } from './statement-service';

/** GET api/v1/accounting/financial-situation/report/: assets and liabilities with equity by nivel2. */
export const handler = httpHandler(financialSituationReport, async ({ caller, query }) =>
  build(await societyForViewer(caller, query, 'financial-situation'), query),
);
