import { requestLedgerUpload } from '@shared/contracts/accounting';
import type { BodyInputOf } from '@shared/contracts/define';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/accounting/ledger/upload/: a large ledger file's job and the presigned POST that uploads it. */
export const postLedgerUploadRequest = (body: BodyInputOf<typeof requestLedgerUpload>) =>
  api(requestLedgerUpload, { body });

export const useRequestLedgerUpload = () => useMutation({ mutationFn: postLedgerUploadRequest });
