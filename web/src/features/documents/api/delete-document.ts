import { deleteDocument } from '@shared/contracts/documents';
import { api } from '@/lib/api-client';

/** DELETE api/v1/documents/document/{uuid}/: the document and its file. */
export const removeDocument = (uuid: string) => api(deleteDocument, { params: { uuid } });
