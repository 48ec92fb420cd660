import type { BodyInputOf } from '@shared/contracts/define';
import { importUsersCsv } from '@shared/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/register/load-register/csv/ (multipart, the CSV in `file`). */
export const postUsersCsv = (body: BodyInputOf<typeof importUsersCsv> | FormData) => api(importUsersCsv, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useImportUsersCsv = () => useMutation({ mutationFn: postUsersCsv });
