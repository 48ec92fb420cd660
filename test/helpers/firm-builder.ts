import * as groups from '../../shared/contracts/groups';
import * as projects from '../../shared/contracts/projects';
import * as societies from '../../shared/contracts/societies';
import { call, ok } from './api';
import { unique } from './fresh';
import { societyBody } from './societies';

/**
 * A test's own firms, made as a SUPER_ADMIN (`token`) makes them: a project with its admins, a group in it with its
 * admins and users, a society in a group with its users. `label` names what the file tests ('Mensajes', …), so a row
 * seen in a shared list says which file made it. Each answers the new uuid.
 */
export function firmBuilder(token: string, label: string) {
  return {
    project: async (admin: string[]) =>
      ok(
        'project',
        await call(projects.createProject, {
          token,
          body: {
            project_name: `${label} ${unique()}`,
            client_name: 'Cliente SpA',
            associated_service_description: 'Contabilidad',
            service_description: 'Portal',
            admin,
          },
        }),
      ).uuid as string,
    group: async (project: string, admin: string[], user: string[]) =>
      ok(
        'group',
        await call(groups.createGroup, {
          token,
          body: { group_name: `Grupo ${unique()}`, group_description: label, project, admin, user },
        }),
      ).uuid as string,
    society: async (group: string, user: string[]) =>
      ok('society', await call(societies.createSociety, { token, body: societyBody(group, { user }) })).uuid as string,
  };
}
