import { confirmLedgerUpload } from '@shared/contracts/accounting';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/accounting/ledger/upload/confirm/: the file is in S3, queue its job (again is harmless). */
export const postLedgerUploadConfirm = (job: string) => api(confirmLedgerUpload, { body: { job } });

export const useConfirmLedgerUpload = () => useMutation({ mutationFn: postLedgerUploadConfirm });
