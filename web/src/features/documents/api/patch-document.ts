import { patchDocument } from '@shared/contracts/documents';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH api/v1/documents/document/{uuid}/: document_name (without the extension). */
export const useRenameDocument = () =>
  useMutation({
    mutationFn: ({ uuid, document_name }: { uuid: string; document_name: string }) =>
      api(patchDocument, { params: { uuid }, body: { document_name } }),
  });
