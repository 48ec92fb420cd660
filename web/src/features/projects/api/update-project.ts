import type { BodyInputOf } from '@shared/contracts/define';
import { patchProject } from '@shared/contracts/projects';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UpdateProjectInput {
  uuid: string;
  body: BodyInputOf<typeof patchProject> | FormData;
}

/** PATCH api/v1/projects/project/{uuid}/ (also the enable toggle of the list). */
export const updateProject = ({ uuid, body }: UpdateProjectInput) => api(patchProject, { params: { uuid }, body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useUpdateProject = () => useMutation({ mutationFn: updateProject });
