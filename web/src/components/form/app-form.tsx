import {
  PasswordField as AmplifyPasswordField,
  TextAreaField as AmplifyTextAreaField,
  TextField as AmplifyTextField,
  type PasswordFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from '@aws-amplify/ui-react';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { shownError } from './shown-error';

/**
 * Every form of the SPA is a TanStack Form built by `useAppForm`, validated by `contractRules` (./contract-rules.ts).
 * Its text fields are Amplify's, bound to the form field they sit in: the label, and once the person has changed the
 * field, the message under it (Amplify ties it with aria-describedby and sets aria-invalid).
 */
const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

export { shownError };

type Bound = 'name' | 'value' | 'onChange' | 'onBlur' | 'hasError' | 'errorMessage';
/**
 * `serverError`: the API's message for the field (a 400's field code), shown while the form's own check has none.
 * `shownAfter: 'leave'`: the message waits until the person leaves the field (an address half typed is not wrong yet).
 */
type Extra = { serverError?: string | undefined; shownAfter?: 'change' | 'leave' };

function useBoundText({ serverError, shownAfter }: Extra) {
  const field = useFieldContext<string>();
  const error = shownError(field.state.meta, shownAfter) ?? serverError;
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    hasError: Boolean(error),
    errorMessage: error,
  };
}

function TextField({ serverError, shownAfter, ...props }: Omit<TextFieldProps, Bound> & Extra) {
  return <AmplifyTextField {...props} {...useBoundText({ serverError, shownAfter })} />;
}

function TextAreaField({ serverError, shownAfter, ...props }: Omit<TextAreaFieldProps, Bound> & Extra) {
  return <AmplifyTextAreaField {...props} {...useBoundText({ serverError, shownAfter })} />;
}

function PasswordField({ serverError, shownAfter, ...props }: Omit<PasswordFieldProps, Bound> & Extra) {
  return <AmplifyPasswordField {...props} {...useBoundText({ serverError, shownAfter })} />;
}

export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, PasswordField },
  formComponents: {},
});
