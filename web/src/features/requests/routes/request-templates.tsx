import '../requests.css';
import { Alert, Button, Card, Flex, Heading, Link, Loader, Text } from '@aws-amplify/ui-react';
import { createRequestTemplate } from '@shared/contracts/requests';
import { formatDay } from '@shared/day';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '@/components/admin/modal';
import { mayCall, roleScope } from '@/components/admin/role-scope';
import { SelectionList } from '@/components/admin/selection-list';
import { myProjectsPickerSource, useMyProjects } from '@/lib/api/list-my-projects';
import { useSession } from '@/lib/session';
import { useDeleteRequestSchedule } from '../api/delete-request-schedule';
import { useDeleteRequestTemplate } from '../api/delete-request-template';
import { type RequestSchedule, useRequestSchedules } from '../api/list-request-schedules';
import { type RequestTemplate, useRequestTemplates } from '../api/list-request-templates';
import { ReminderSummary } from '../components/reminder-summary';
import { ScheduleForm } from '../components/schedule-form';
import { TemplateForm } from '../components/template-form';
import type { TargetKind } from '../lib/request-form';
import { isAdmin } from '../lib/states';

const t = es.requestScreens.templates;

function TemplateCard({
  template,
  canEdit,
  onEdit,
  onDelete,
}: {
  template: RequestTemplate;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { kind, offset_days, lead_days } = template.recurrence;
  return (
    <Card as="li" variation="outlined" className="requests-row" data-testid="request-template">
      <Flex direction="column" gap="xxs">
        <Heading level={3} fontSize="medium">
          {template.name}
        </Heading>
        <Text fontSize="small">{`${t.items(template.items.length)}: ${template.items.map((i) => i.name).join(', ')}`}</Text>
        <Text fontSize="small">{`${t.recurrences[kind]}. ${t.explain(kind, offset_days, lead_days)}`}</Text>
        <ReminderSummary schedule={template.reminders} />
        {canEdit ? (
          <Flex gap="small" wrap="wrap" marginTop="xs">
            <Button size="small" aria-label={t.editOf(template.name)} onClick={onEdit}>
              {t.edit}
            </Button>
            <Button size="small" colorTheme="error" aria-label={t.deleteOf(template.name)} onClick={onDelete}>
              {t.delete}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

function ScheduleCard({ schedule, onStop }: { schedule: RequestSchedule; onStop: () => void }) {
  return (
    <Card as="li" variation="outlined" className="requests-row" data-testid="request-schedule">
      <Flex direction="column" gap="xxs">
        <Heading level={3} fontSize="medium">
          {schedule.template.name}
        </Heading>
        <Text fontSize="small">{`${t.scheduleTarget}: ${t.targetOf(schedule.target.name, t.targetKinds[schedule.target.kind] ?? '')}`}</Text>
        <Text fontSize="small">{`${t.lastPeriod}: ${schedule.last_period ?? t.noPeriodYet}`}</Text>
        <Text fontSize="small">
          {`${t.createdBy}: ${schedule.created_by.first_name} ${schedule.created_by.last_name}, ${formatDay(schedule.created)}`}
        </Text>
        <div>
          <Button
            size="small"
            colorTheme="error"
            aria-label={t.stopOf(schedule.template.name, schedule.target.name)}
            onClick={onStop}
          >
            {t.stop}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}

/**
 * /requests/templates: the project's request templates (the project's admins create, edit and delete them; a group
 * admin reads them) and its recurring schedules, which any of the firm's admins applies to its societies and stops.
 */
export function RequestTemplatesRoute() {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const scope = roleScope(role);
  const canEdit = mayCall(createRequestTemplate, role);
  const projects = useMyProjects();
  const [chosen, setChosen] = useState('');
  const project = scope.projects ? chosen || (projects.data?.[0]?.uuid ?? '') : (projects.data?.[0]?.uuid ?? '');
  const templates = useRequestTemplates(project);
  const schedules = useRequestSchedules(project);
  const [editing, setEditing] = useState<RequestTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RequestTemplate | null>(null);
  const [stopping, setStopping] = useState<RequestSchedule | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useDeleteRequestTemplate();
  const stop = useDeleteRequestSchedule();
  const recurring = (templates.data ?? []).filter((x) => x.recurrence.kind !== 'NONE');
  const kinds: TargetKind[] = scope.groups ? ['SOCIETY', 'GROUP', 'PROJECT'] : ['SOCIETY', 'GROUP'];

  // The firm's screen: a client who types its address goes back to its requests.
  if (profile && !isAdmin(profile.profile.user_role)) return <Navigate to="/requests" replace />;
  return (
    <Flex direction="column" gap="medium" padding="medium" maxWidth="60rem">
      <Link as={RouterLink} to="/requests">
        {es.requestScreens.boardLink}
      </Link>
      <Heading level={1}>{t.title}</Heading>
      <Text>{t.intro}</Text>
      {canEdit ? null : <Text fontSize="small">{t.readOnly}</Text>}
      {scope.projects ? (
        <SelectionList
          label={t.project}
          multiple={false}
          source={myProjectsPickerSource()}
          selected={project ? [project] : []}
          onChange={(values) => setChosen(values[0] ?? '')}
          testId="templates-project"
        />
      ) : null}
      {notice ? (
        <Alert variation="success" role="status">
          {notice}
        </Alert>
      ) : null}
      {templates.isPending && project ? <Loader /> : null}
      {templates.isError ? <Alert variation="error">{t.loadError}</Alert> : null}
      {templates.isSuccess && templates.data.length === 0 ? <Text>{t.none}</Text> : null}
      {templates.data && templates.data.length > 0 ? (
        <Flex as="ul" direction="column" gap="small" className="requests-list">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.uuid}
              template={template}
              canEdit={canEdit}
              onEdit={() => {
                setNotice('');
                setEditing(template);
              }}
              onDelete={() => setDeleting(template)}
            />
          ))}
        </Flex>
      ) : null}
      {canEdit && project && editing === null ? (
        <div>
          <Button
            variation="primary"
            onClick={() => {
              setNotice('');
              setEditing('new');
            }}
          >
            {t.create}
          </Button>
        </div>
      ) : null}
      {canEdit && project && editing !== null ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.uuid}
          project={project}
          template={editing === 'new' ? undefined : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(t.saved);
          }}
        />
      ) : null}

      <Heading level={2} fontSize="large">
        {t.schedules}
      </Heading>
      <Text>{t.schedulesIntro}</Text>
      {schedules.isPending && project ? <Loader /> : null}
      {schedules.isSuccess && schedules.data.length === 0 ? <Text>{t.noSchedules}</Text> : null}
      {schedules.data && schedules.data.length > 0 ? (
        <Flex as="ul" direction="column" gap="small" className="requests-list">
          {schedules.data.map((schedule) => (
            <ScheduleCard key={schedule.uuid} schedule={schedule} onStop={() => setStopping(schedule)} />
          ))}
        </Flex>
      ) : null}
      {project && templates.isSuccess && recurring.length === 0 ? <Text fontSize="small">{t.noRecurring}</Text> : null}
      {project && recurring.length > 0 ? (
        <ScheduleForm
          key={project}
          project={project}
          templates={recurring}
          kinds={kinds}
          onDone={() => setNotice(t.scheduled)}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? t.deleteConfirm(deleting.name) : ''}
        confirmLabel={t.deleteYes}
        onConfirm={() => remove.mutateAsync((deleting as RequestTemplate).uuid).then(() => setNotice(t.deleted))}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={stopping !== null}
        title={t.stop}
        message={t.stopConfirm}
        confirmLabel={t.stopYes}
        onConfirm={() => stop.mutateAsync((stopping as RequestSchedule).uuid).then(() => setNotice(t.stopped))}
        onClose={() => setStopping(null)}
      />
    </Flex>
  );
}
