import { deleteProject } from '@shared/contracts/projects';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE api/v1/projects/project/{uuid}/. */
export const removeProject = (uuid: string) => api(deleteProject, { params: { uuid } });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useDeleteProject = () => useMutation({ mutationFn: removeProject });
