import type { UserRecord } from './user-record';

/**
 * The projects whose documents the user may browse. A record written before the flag was per firm keeps its meaning
 * (its one flag, for each project it names) until its next write stores the list (patchUser, addMembershipWrites).
 */
export function documentationProjects(
  user: Pick<UserRecord, 'documentation_projects' | 'user_documentation' | 'project_uuids'>,
): string[] {
  return user.documentation_projects ?? (user.user_documentation ? user.project_uuids : []);
}

/** Whether the user may browse the documents of this project's societies (the admin roles need no flag). */
export const hasDocumentation = (user: UserRecord, projectUuid: string) =>
  documentationProjects(user).includes(projectUuid);

/** Whether the user may browse documents of some project: its Documentos entry and screens. */
export const hasAnyDocumentation = (user: UserRecord) => documentationProjects(user).length > 0;
