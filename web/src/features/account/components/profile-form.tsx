import { Button, Flex } from '@aws-amplify/ui-react';
import { personName } from '@shared/contracts/users';
import { es, fieldErrorMessage } from '@shared/i18n/es';
import type { FormEvent } from 'react';
import * as z from 'zod/mini';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { contractRules, messages } from '@/components/form/contract-rules';
import { ApiError } from '@/lib/api-client';
import { useUpdateUserProfile } from '../api/update-profile';

const t = es.account.userInfo;

interface Values {
  first_name: string;
  last_name: string;
  phone_number: string;
}

/** The contract's names, which this form always sends; the phone is left to the API, whose message shows under it. */
const SCHEMAS = [z.object({ first_name: personName, last_name: personName })];
const RULES = contractRules<Values>(SCHEMAS, {
  first_name: messages.name('first_name'),
  last_name: messages.name('last_name'),
});

/**
 * 'Editar mis datos' of /userinfo: the person's own names and phone. Names are checked as the registration checks
 * them; the phone by the API, whose field message shows under it. Saved, the page shows the new data.
 */
export function ProfileForm({ initial, onDone }: { initial: Values; onDone: (saved: boolean) => void }) {
  const save = useUpdateUserProfile();
  const form = useAppForm({
    defaultValues: initial,
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      save.mutate(
        {
          first_name: value.first_name.trim(),
          last_name: value.last_name.trim(),
          phone_number: value.phone_number.trim(),
        },
        { onSuccess: () => onDone(true) },
      ),
  });
  // The API's field errors (400 {errors: {field: [codes]}}), worded in Spanish under their fields.
  const server: Partial<Record<keyof Values, string>> =
    save.error instanceof ApiError && save.error.errors
      ? Object.fromEntries(
          Object.entries(save.error.errors).map(([field, codes]) => [field, fieldErrorMessage(field, codes[0] ?? '')]),
        )
      : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (RULES.passes(form.state.values) && !save.isPending) void form.handleSubmit();
  };
  return (
    <Flex as="form" direction="column" gap="small" onSubmit={submit} noValidate data-testid="profile-form">
      <form.AppField name="first_name">
        {(field) => <field.TextField label={t.firstName} autoComplete="given-name" serverError={server.first_name} />}
      </form.AppField>
      <form.AppField name="last_name">
        {(field) => <field.TextField label={t.lastName} autoComplete="family-name" serverError={server.last_name} />}
      </form.AppField>
      <form.AppField name="phone_number">
        {(field) => (
          <field.TextField label={t.phoneOptional} type="tel" autoComplete="tel" serverError={server.phone_number} />
        )}
      </form.AppField>
      {Object.keys(server).length === 0 ? <ServerErrors error={save.error} /> : null}
      <Flex gap="small" wrap="wrap">
        <Button type="submit" variation="primary" size="small" isLoading={save.isPending} loadingText={t.saving}>
          {t.save}
        </Button>
        <Button size="small" onClick={() => onDone(false)} isDisabled={save.isPending}>
          {t.cancelImage}
        </Button>
      </Flex>
    </Flex>
  );
}
