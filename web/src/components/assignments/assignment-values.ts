import { ROLE_FLAGS, type RoleFlag } from '@shared/contracts/assignment-fields';

/**
 * The form values reports and accounting assignments share (portal §3): menu name, description, the four role flags,
 * the targets and the module, and how they go into a multipart body (portal §5: empty target lists are omitted; on
 * edit an emptied list is sent so the last target can be taken out).
 */
export interface AssignmentValues {
  menu_name: string;
  description: string;
  enable_project_admin: boolean;
  enable_group_admin: boolean;
  enable_user_group: boolean;
  enable_user_society: boolean;
  project_list: string[];
  group_list: string[];
  society_list: string[];
  module: string;
}

export const EMPTY_ASSIGNMENT: AssignmentValues = {
  menu_name: '',
  description: '',
  enable_project_admin: false,
  enable_group_admin: false,
  enable_user_group: false,
  enable_user_society: false,
  project_list: [],
  group_list: [],
  society_list: [],
  module: '',
};

export { ROLE_FLAGS, type RoleFlag };

export const hasUserType = (values: Pick<AssignmentValues, RoleFlag>) => ROLE_FLAGS.some((flag) => values[flag]);
export const hasTarget = (values: Pick<AssignmentValues, 'project_list' | 'group_list' | 'society_list'>) =>
  values.project_list.length + values.group_list.length + values.society_list.length > 0;

/** Portal §4: the users step needs a user type, and on create also a target. */
export const usersStepValid = (values: AssignmentValues, editing: boolean) =>
  hasUserType(values) && (editing || hasTarget(values));

interface SavedView {
  menu_name: string;
  description: string;
  enable_project_admin: boolean;
  enable_group_admin: boolean;
  enable_user_group: boolean;
  enable_user_society: boolean;
  project_list: Array<{ uuid: string }>;
  group_list: Array<{ uuid: string }>;
  society_list: Array<{ uuid: string }>;
  module: { uuid: string };
}

export function assignmentValuesFrom(view: SavedView): AssignmentValues {
  const ids = (list: Array<{ uuid: string }>) => list.map((item) => item.uuid);
  return {
    menu_name: view.menu_name,
    description: view.description,
    enable_project_admin: view.enable_project_admin,
    enable_group_admin: view.enable_group_admin,
    enable_user_group: view.enable_user_group,
    enable_user_society: view.enable_user_society,
    project_list: ids(view.project_list),
    group_list: ids(view.group_list),
    society_list: ids(view.society_list),
    module: view.module.uuid,
  };
}

/** The common fields as form data; `saved` (edit) decides whether an emptied list must still be sent. */
export function appendAssignment(form: FormData, values: AssignmentValues, saved?: AssignmentValues): FormData {
  form.append('menu_name', values.menu_name.trim());
  form.append('description', values.description.trim());
  for (const flag of ROLE_FLAGS) form.append(flag, String(values[flag]));
  for (const list of ['project_list', 'group_list', 'society_list'] as const) {
    if (values[list].length > 0 || (saved && saved[list].length > 0)) form.append(list, JSON.stringify(values[list]));
  }
  form.append('module', values.module);
  return form;
}
