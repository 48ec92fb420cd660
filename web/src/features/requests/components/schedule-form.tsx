import { Button, Card, Flex, Heading, SelectField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { ServerErrors } from '@/components/admin/server-errors';
import { useCreateRequestSchedule } from '../api/create-request-schedule';
import type { RequestTemplate } from '../api/list-request-templates';
import type { TargetKind } from '../lib/request-form';
import { TargetFields } from './target-fields';

const t = es.requestScreens.templates;

/** A recurring template applied to a society, a group or the project; the daily job makes each period's requests. */
export function ScheduleForm({
  project,
  templates,
  kinds,
  onDone,
}: {
  project: string;
  templates: RequestTemplate[];
  kinds: readonly TargetKind[];
  onDone: () => void;
}) {
  const [template, setTemplate] = useState(templates[0]?.uuid ?? '');
  const [kind, setKind] = useState<TargetKind>(kinds[0] ?? 'SOCIETY');
  const [target, setTarget] = useState('');
  const create = useCreateRequestSchedule();
  const ready = Boolean(template && target) && !create.isPending;
  return (
    <Card variation="outlined">
      <Flex
        as="form"
        direction="column"
        gap="small"
        aria-labelledby="schedule-form-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready)
            create.mutate(
              { template, target: { kind, uuid: target } },
              {
                onSuccess: () => {
                  setTarget('');
                  onDone();
                },
              },
            );
        }}
      >
        <Heading level={3} fontSize="large" id="schedule-form-title">
          {t.addSchedule}
        </Heading>
        <SelectField
          label={t.scheduleTemplate}
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
          maxWidth="30rem"
        >
          {templates.map((x) => (
            <option key={x.uuid} value={x.uuid}>
              {`${x.name} (${t.recurrences[x.recurrence.kind]})`}
            </option>
          ))}
        </SelectField>
        <TargetFields
          name="schedule-target-kind"
          project={project}
          kinds={kinds}
          kind={kind}
          target={target}
          onChange={(nextKind, nextTarget) => {
            setKind(nextKind);
            setTarget(nextTarget);
          }}
        />
        <ServerErrors error={create.error} />
        <div>
          <Button type="submit" variation="primary" isDisabled={!ready} isLoading={create.isPending}>
            {t.addSchedule}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
