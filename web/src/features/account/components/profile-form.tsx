import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { es, fieldErrorMessage } from '@shared/i18n/es';
import { type FormEvent, useState } from 'react';
import { ServerErrors } from '@/components/admin';
import { ApiError } from '@/lib/api-client';
import { checkName } from '@/lib/validation';
import { useUpdateUserProfile } from '../api/update-profile';

const t = es.account.userInfo;

interface Values {
  first_name: string;
  last_name: string;
  phone_number: string;
}

/**
 * 'Editar mis datos' of /userinfo: the person's own names and phone. Names are checked as the registration checks
 * them; the phone by the API, whose field message shows under it. Saved, the page shows the new data.
 */
export function ProfileForm({ initial, onDone }: { initial: Values; onDone: (saved: boolean) => void }) {
  const [values, setValues] = useState(initial);
  const save = useUpdateUserProfile();
  const nameErrors = {
    first_name: checkName(values.first_name, 'first_name'),
    last_name: checkName(values.last_name, 'last_name'),
  };
  // The API's field errors (400 {errors: {field: [codes]}}), worded in Spanish under their fields.
  const server: Partial<Record<keyof Values, string>> =
    save.error instanceof ApiError && save.error.errors
      ? Object.fromEntries(
          Object.entries(save.error.errors).map(([field, codes]) => [field, fieldErrorMessage(field, codes[0] ?? '')]),
        )
      : {};
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameErrors.first_name || nameErrors.last_name || save.isPending) return;
    save.mutate(
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone_number: values.phone_number.trim(),
      },
      { onSuccess: () => onDone(true) },
    );
  };
  return (
    <Flex as="form" direction="column" gap="small" onSubmit={submit} noValidate data-testid="profile-form">
      <TextField
        label={t.firstName}
        value={values.first_name}
        onChange={set('first_name')}
        hasError={Boolean(nameErrors.first_name ?? server.first_name)}
        errorMessage={nameErrors.first_name ?? server.first_name}
        autoComplete="given-name"
      />
      <TextField
        label={t.lastName}
        value={values.last_name}
        onChange={set('last_name')}
        hasError={Boolean(nameErrors.last_name ?? server.last_name)}
        errorMessage={nameErrors.last_name ?? server.last_name}
        autoComplete="family-name"
      />
      <TextField
        label={t.phoneOptional}
        type="tel"
        value={values.phone_number}
        onChange={set('phone_number')}
        hasError={Boolean(server.phone_number)}
        errorMessage={server.phone_number}
        autoComplete="tel"
      />
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
