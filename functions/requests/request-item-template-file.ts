import { requestItemTemplateFile } from '../../shared/contracts/requests';
import { httpHandler } from '../lib/http/http-handler';
import { itemTemplateFileLink } from './template-file-link';

/** GET api/v1/requests/request/{uuid}/item/{item}/template-file/: a one-minute link to the item's template file. */
export const handler = httpHandler(requestItemTemplateFile, ({ caller, params }) =>
  itemTemplateFileLink(caller, params.uuid, params.item),
);
