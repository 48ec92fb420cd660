import type { BodyInputOf } from '@shared/contracts/define';
import { createRequestTemplate } from '@shared/contracts/requests';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TemplateBody = BodyInputOf<typeof createRequestTemplate>;

/** POST api/v1/requests/templates/: a template of the project; the list reloads. */
export const useCreateRequestTemplate = () =>
  useMutation({ mutationFn: (body: TemplateBody) => api(createRequestTemplate, { body }) });
