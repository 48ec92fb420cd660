import type { BodyInputOf } from '@shared/contracts/define';
import { createProject } from '@shared/contracts/projects';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST api/v1/projects/project/ (JSON, or multipart with logo and icon). */
export const postProject = (body: BodyInputOf<typeof createProject> | FormData) => api(createProject, { body });

/** Its state (isPending, error) is the form's; on success the cache marks every read stale (lib/query-client.ts). */
export const useCreateProject = () => useMutation({ mutationFn: postProject });
