import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { Checkbox as LightCheckbox } from '@/components/ui/light/checkbox';
import { InputField as LightInputField } from '@/components/ui/light/input-field';
import { shownError } from './shown-error';

/**
 * `useAppForm` for the pages that load before Amplify's JavaScript (the login): the same TanStack Form, its fields the
 * light components of components/ui/light/. A message shows once the form was sent, and goes when its field changes.
 */
const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

type InputProps = Parameters<typeof LightInputField>[0];

function InputField(props: Omit<InputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const field = useFieldContext<string>();
  return (
    <LightInputField
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(value) => {
        field.handleChange(value);
        // Changing a field clears the message the send left under it.
        field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: undefined } }));
      }}
      error={shownError(field.state.meta)}
    />
  );
}

function Checkbox({ label }: { label: string }) {
  const field = useFieldContext<boolean>();
  return <LightCheckbox label={label} name={field.name} checked={field.state.value} onChange={field.handleChange} />;
}

export const { useAppForm: useLightForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { InputField, Checkbox },
  formComponents: {},
});
