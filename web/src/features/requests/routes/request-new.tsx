import '../requests.css';
import { Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { roleScope } from '@/components/admin/role-scope';
import { SelectionList } from '@/components/admin/selection-list';
import { myProjectsPickerSource, useMyProjects } from '@/lib/api/list-my-projects';
import { useSession } from '@/lib/session';
import { RequestForm } from '../components/request-form';
import type { TargetKind } from '../lib/request-form';
import { isAdmin } from '../lib/states';

const t = es.requestScreens;

/**
 * /requests/new (the firm's admins): a request for one society, a group's societies or the whole project. After it is
 * made, the board.
 */
export function RequestNewRoute() {
  const navigate = useNavigate();
  const { profile } = useSession();
  const scope = roleScope(profile?.profile.user_role);
  const projects = useMyProjects();
  const [chosen, setChosen] = useState('');
  const project = scope.projects ? chosen : (projects.data?.[0]?.uuid ?? '');
  // A group admin asks its own group's societies; the project-wide request is for whoever manages the project.
  const kinds: TargetKind[] = scope.groups ? ['SOCIETY', 'GROUP', 'PROJECT'] : ['SOCIETY', 'GROUP'];

  // The firm's screen: a client who types its address goes back to its requests.
  if (profile && !isAdmin(profile.profile.user_role)) return <Navigate to="/requests" replace />;
  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="50rem">
      <Link as={RouterLink} to="/requests">
        {t.boardLink}
      </Link>
      <Heading level={1} id="request-form-title">
        {t.form.title}
      </Heading>
      <Text>{t.form.intro}</Text>
      {scope.projects ? (
        <SelectionList
          label={t.form.project}
          multiple={false}
          source={myProjectsPickerSource()}
          selected={chosen ? [chosen] : []}
          onChange={(values) => setChosen(values[0] ?? '')}
          testId="request-project"
        />
      ) : null}
      {!scope.projects && projects.isPending ? <Loader /> : null}
      {scope.projects && !chosen ? <Text>{t.form.chooseProject}</Text> : null}
      {project ? (
        <RequestForm
          key={project}
          project={project}
          kinds={kinds}
          onCreated={(count) => navigate('/requests', { state: { created: count } })}
        />
      ) : null}
    </Flex>
  );
}
