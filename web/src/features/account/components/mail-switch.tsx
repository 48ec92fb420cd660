import { Card, CheckboxField, Heading, Text } from '@aws-amplify/ui-react';
import { messageForError } from '@shared/i18n/es';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { reloadProfile } from '@/lib/session';

interface Texts {
  title: string;
  label: string;
  hint: string;
  saved: string;
}

/**
 * A profile switch of one kind of mail (the document digest, the request reminders, the message notices): on until the
 * person turns it off; the box moves at once and goes back if the save fails.
 */
export function MailSwitch<A, B>({
  name,
  testId,
  texts,
  on,
  save,
  bodyOf,
  answerOf,
}: {
  name: string;
  /** `<testId>-setting` on the card, `<testId>-saved` on the saved notice. */
  testId: string;
  texts: Texts;
  on: boolean;
  save: UseMutationResult<A, Error, B>;
  bodyOf: (next: boolean) => B;
  /** The saved value in the answer, when the answer says it. */
  answerOf?: (answer: A) => boolean;
}) {
  const [checked, setChecked] = useState(on);
  return (
    <Card variation="outlined" data-testid={`${testId}-setting`}>
      <Heading level={3} fontSize="medium" marginBottom="small">
        {texts.title}
      </Heading>
      <CheckboxField
        name={name}
        label={texts.label}
        checked={checked}
        isDisabled={save.isPending}
        onChange={(event) => {
          const next = event.target.checked;
          setChecked(next);
          save.mutate(bodyOf(next), {
            onSuccess: (answer) => {
              if (answerOf) setChecked(answerOf(answer));
              void reloadProfile();
            },
            onError: () => setChecked(!next),
          });
        }}
      />
      <Text fontSize="small" color="font.tertiary" marginTop="xxs">
        {texts.hint}
      </Text>
      {save.isSuccess ? (
        <Text fontSize="small" color="font.success" role="status" data-testid={`${testId}-saved`}>
          {texts.saved}
        </Text>
      ) : null}
      {save.error ? (
        <Text fontSize="small" color="font.error" role="alert">
          {messageForError(save.error)}
        </Text>
      ) : null}
    </Card>
  );
}
