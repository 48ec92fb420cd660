import { Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { totpCodeSchema } from '@shared/contracts/second-factor';
import { es, messageForError } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import * as z from 'zod/mini';
import { useAppForm } from '@/components/form/app-form';
import { contractRules } from '@/components/form/contract-rules';
import { EnrolmentSecret, RecoveryCodesList } from '@/components/second-factor/enrolment';
import { useActivateSecondFactor } from '@/features/account/api/activate-second-factor';
import { useStartSecondFactor } from '@/features/account/api/start-second-factor';

const t = es.secondFactor;

const RULES = contractRules<{ code: string }>([z.object({ code: totpCodeSchema })], {
  code: { blank: t.required, format: t.required },
});

/** The first code of the enrolment under way; the recovery codes once it is active. */
function CodeForm({ onActive }: { onActive: (codes: string[]) => void }) {
  const activate = useActivateSecondFactor();
  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      activate.mutate(value.code.trim(), { onSuccess: (answer) => onActive(answer.recovery_codes) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!RULES.passes(form.state.values)) {
      form.setFieldMeta('code', (meta) => ({ ...meta, isTouched: true }));
      void form.validateField('code', 'change');
      return;
    }
    if (!activate.isPending) void form.handleSubmit();
  };
  return (
    <Flex as="form" direction="column" gap="small" onSubmit={submit} noValidate data-testid="second-factor-form">
      <form.AppField name="code">
        {(field) => <field.TextField label={t.code} autoComplete="one-time-code" inputMode="numeric" />}
      </form.AppField>
      <Flex>
        <Button type="submit" variation="primary" size="small" isLoading={activate.isPending} loadingText={t.verifying}>
          {t.activate}
        </Button>
      </Flex>
      {activate.error ? (
        <Text fontSize="small" color="font.error" role="alert" data-testid="second-factor-error">
          {messageForError(activate.error)}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * 'Verificación en dos pasos' of 'Mi perfil': whether the person's second factor is on, and its activation where no
 * firm asked for it: the QR code and key, the first code, then the ten recovery codes shown once.
 */
export function SecondFactorCard({ active }: { active: boolean }) {
  const start = useStartSecondFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enrolling = start.data && !active;
  return (
    <Card variation="outlined" data-testid="second-factor">
      <Flex gap="small" alignItems="center" wrap="wrap" marginBottom="small">
        <Heading level={3} fontSize="medium">
          {t.statusLabel}
        </Heading>
        <Badge variation={active ? 'success' : undefined} data-testid="second-factor-status">
          {active ? t.statusOn : t.statusOff}
        </Badge>
      </Flex>
      {recoveryCodes ? (
        <Flex direction="column" gap="small" data-testid="second-factor-recovery">
          <Heading level={4} fontSize="medium">
            {t.recoveryTitle}
          </Heading>
          <RecoveryCodesList codes={recoveryCodes} />
          <Flex>
            <Button size="small" onClick={() => setRecoveryCodes(null)}>
              {t.done}
            </Button>
          </Flex>
        </Flex>
      ) : active ? (
        <Text>{t.profileActiveIntro}</Text>
      ) : enrolling ? (
        <Flex direction="column" gap="small">
          <Text>{t.profileEnrolIntro}</Text>
          <EnrolmentSecret secret={start.data.secret} qr={start.data.qr} />
          <CodeForm onActive={setRecoveryCodes} />
          <Flex>
            <Button size="small" variation="link" onClick={() => start.reset()}>
              {t.cancel}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex direction="column" gap="small">
          <Text>{t.profileIntro}</Text>
          <Flex>
            <Button
              variation="primary"
              size="small"
              isLoading={start.isPending}
              loadingText={t.enrolLoading}
              onClick={() => start.mutate()}
            >
              {t.activate}
            </Button>
          </Flex>
          {start.error ? (
            <Text fontSize="small" color="font.error" role="alert">
              {messageForError(start.error)}
            </Text>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
