import {
  PasswordField as AmplifyPasswordField,
  TextAreaField as AmplifyTextAreaField,
  TextField as AmplifyTextField,
  type PasswordFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from '@aws-amplify/ui-react';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';

/**
 * Every form of the SPA is a TanStack Form built by `useAppForm`, validated by `contractRules` (./contract-rules.ts).
 * Its text fields are Amplify's, bound to the form field they sit in: the label, and once the person has changed the
 * field, the message under it (Amplify ties it with aria-describedby and sets aria-invalid).
 */
const { fieldContext, formContext, useFieldContext } = createFormHookContexts();

/** The message under a field: its first error, once the person has changed it. */
export function shownError(meta: { isTouched: boolean; errors: ReadonlyArray<unknown> }): string | undefined {
  if (!meta.isTouched) return undefined;
  for (const error of meta.errors) {
    const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

type Bound = 'name' | 'value' | 'onChange' | 'onBlur' | 'hasError' | 'errorMessage';
/** `serverError`: the API's message for the field (a 400's field code), shown while the form's own check has none. */
type Extra = { serverError?: string | undefined };

function useBoundText(serverError: string | undefined) {
  const field = useFieldContext<string>();
  const error = shownError(field.state.meta) ?? serverError;
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    hasError: Boolean(error),
    errorMessage: error,
  };
}

function TextField({ serverError, ...props }: Omit<TextFieldProps, Bound> & Extra) {
  return <AmplifyTextField {...props} {...useBoundText(serverError)} />;
}

function TextAreaField({ serverError, ...props }: Omit<TextAreaFieldProps, Bound> & Extra) {
  return <AmplifyTextAreaField {...props} {...useBoundText(serverError)} />;
}

function PasswordField({ serverError, ...props }: Omit<PasswordFieldProps, Bound> & Extra) {
  return <AmplifyPasswordField {...props} {...useBoundText(serverError)} />;
}

export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, PasswordField },
  formComponents: {},
});
