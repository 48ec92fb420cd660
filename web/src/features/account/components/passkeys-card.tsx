import { Button, Card, Flex, Heading, Loader, Text, View } from '@aws-amplify/ui-react';
import { passkeyName } from '@shared/contracts/passkeys';
import { es, messageForError } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import * as z from 'zod/mini';
import { formatDateTime } from '@/components/admin/format';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { usePasskeys, useRemovePasskey } from '@/features/account/api/passkeys';
import { PasskeyCancelled, useRegisterPasskey } from '@/features/account/api/register-passkey';
import { ApiError } from '@/lib/api-client';

const t = es.account.passkeys;

interface Values {
  name: string;
  current_password: string;
}

const RULES = contractRules<Values>(
  [z.object({ name: passkeyName, current_password: z.string().check(z.minLength(1)) })],
  {
    name: { blank: t.nameRequired, ...messages.text },
    current_password: { blank: t.passwordRequired },
  },
);

/** Whether this browser can make passkeys at all (WebAuthn). */
const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

function AddPasskey() {
  const register = useRegisterPasskey();
  const form = useAppForm({
    defaultValues: { name: '', current_password: '' },
    validators: { onChange: RULES },
    onSubmit: ({ value, formApi }) =>
      register.mutate(
        { name: value.name.trim(), current_password: value.current_password },
        { onSuccess: () => formApi.reset() },
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!RULES.passes(form.state.values)) {
      // A blank field says so under it, as if the person had typed and erased it.
      for (const name of ['name', 'current_password'] as const) {
        form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
        void form.validateField(name, 'change');
      }
      return;
    }
    if (!register.isPending) void form.handleSubmit();
  };
  // A wrong current password shows under its field; any other refusal below the form.
  const wrongPassword =
    register.error instanceof ApiError && register.error.errors?.current_password
      ? messageForError(register.error)
      : undefined;
  const failure = wrongPassword
    ? null
    : register.error
      ? register.error instanceof PasskeyCancelled
        ? t.cancelled
        : messageForError(register.error)
      : null;
  return (
    <Flex as="form" direction="column" gap="small" onSubmit={submit} noValidate data-testid="passkey-form">
      <form.AppField name="name">
        {(field) => <field.TextField label={t.nameLabel} placeholder={t.namePlaceholder} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="current_password">
        {(field) => (
          <field.PasswordField
            label={t.passwordLabel}
            descriptiveText={t.passwordHint}
            autoComplete="current-password"
            showPasswordButtonLabel={es.account.showPassword}
            passwordIsHiddenLabel={es.account.passwordHidden}
            passwordIsShownLabel={es.account.passwordShown}
            serverError={wrongPassword}
          />
        )}
      </form.AppField>
      <Flex gap="small" wrap="wrap" alignItems="center">
        <Button type="submit" variation="primary" size="small" isLoading={register.isPending} loadingText={t.adding}>
          {t.add}
        </Button>
      </Flex>
      {register.isSuccess ? (
        <Text fontSize="small" color="font.success" role="status" data-testid="passkey-added">
          {t.added}
        </Text>
      ) : null}
      {failure ? (
        <Text fontSize="small" color="font.error" role="alert" data-testid="passkey-error">
          {failure}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * 'Llaves de acceso' of 'Mi cuenta': the person's passkeys (name, portal, made, last used), one more made on this
 * portal with the device's own prompt, one removed after a confirmation.
 */
export function PasskeysCard() {
  const list = usePasskeys();
  const remove = useRemovePasskey();
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <Card variation="outlined" data-testid="passkeys">
      <Heading level={3} fontSize="medium" marginBottom="small">
        {t.title}
      </Heading>
      <Text marginBottom="small">{t.intro}</Text>
      {!list.data ? (
        list.error ? (
          <Text color="font.error" role="alert">
            {messageForError(list.error)}
          </Text>
        ) : (
          <Loader />
        )
      ) : list.data.items.length === 0 ? (
        <Text color="font.tertiary" marginBottom="small" data-testid="passkeys-empty">
          {t.empty}
        </Text>
      ) : (
        <View as="ul" aria-label={t.listLabel} padding="0" margin="0 0 medium 0" style={{ listStyle: 'none' }}>
          {list.data.items.map((passkey) => (
            <li key={passkey.uuid} data-testid="passkey-item" style={{ marginBottom: 'var(--amplify-space-small)' }}>
              <Flex gap="small" wrap="wrap" alignItems="center" justifyContent="space-between">
                <Flex direction="column" gap="0" style={{ minWidth: 0 }}>
                  <Text fontWeight="bold" style={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </Text>
                  <Text fontSize="small" color="font.tertiary">
                    {t.host(passkey.host)}
                  </Text>
                  <Text fontSize="small" color="font.tertiary">
                    {t.created(formatDateTime(passkey.created))}
                    {' · '}
                    {passkey.last_used ? t.lastUsed(formatDateTime(passkey.last_used)) : t.neverUsed}
                  </Text>
                </Flex>
                {asking === passkey.uuid ? (
                  <Flex direction="column" gap="xs">
                    <Text fontSize="small">{t.confirmRemove(passkey.name)}</Text>
                    <Flex gap="xs">
                      <Button
                        size="small"
                        variation="destructive"
                        isLoading={remove.isPending}
                        loadingText={t.confirm}
                        onClick={() => remove.mutate(passkey.uuid, { onSuccess: () => setAsking(null) })}
                      >
                        {t.confirm}
                      </Button>
                      <Button size="small" onClick={() => setAsking(null)} isDisabled={remove.isPending}>
                        {t.cancel}
                      </Button>
                    </Flex>
                  </Flex>
                ) : (
                  <Button size="small" aria-label={t.remove(passkey.name)} onClick={() => setAsking(passkey.uuid)}>
                    {t.removeShort}
                  </Button>
                )}
              </Flex>
            </li>
          ))}
        </View>
      )}
      {remove.isSuccess ? (
        <Text fontSize="small" color="font.success" role="status" data-testid="passkey-removed">
          {t.removed}
        </Text>
      ) : null}
      {remove.error ? (
        <Text fontSize="small" color="font.error" role="alert">
          {messageForError(remove.error)}
        </Text>
      ) : null}
      {supported() ? <AddPasskey /> : <Text color="font.tertiary">{t.unsupported}</Text>}
    </Card>
  );
}
