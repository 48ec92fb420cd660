import { Alert, Button, CheckboxField, Flex, Heading } from '@aws-amplify/ui-react';
import { taxSettingsSchema } from '@shared/contracts/tax-calendar';
import { es, messageForError } from '@shared/i18n/es';
import type { SocietyTaxSettings } from '@shared/tax-calendar/rules';
import { useStore } from '@tanstack/react-form';
import { useAppForm } from '@/components/form/app-form';
import { contractRules } from '@/components/form/contract-rules';
import type { TaxCalendar } from '../api/get-society-tax-calendar';
import { usePutSettings } from '../api/put-society-tax-settings';

const t = es.taxCalendar;
const RULES = contractRules<SocietyTaxSettings>([taxSettingsSchema], {});

/** The firm's admins say what applies to the society: F29 online (day 20), F50, its sworn statements. */
export function SettingsForm({
  society,
  calendar,
  onSaved,
}: {
  society: string;
  calendar: TaxCalendar;
  onSaved: (message: string) => void;
}) {
  const save = usePutSettings();
  const form = useAppForm({
    defaultValues: calendar.settings,
    validators: { onChange: RULES },
    onSubmit: ({ value }) =>
      save.mutate(
        { society, ...value },
        {
          // The saved settings become the form's starting point (untouched again, it follows later reads).
          onSuccess: (saved) => {
            form.reset(saved);
            onSaved(t.settingsSaved);
          },
        },
      ),
  });
  const values = useStore(form.store, (state) => state.values);
  return (
    <form
      aria-labelledby="tax-settings-title"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Flex direction="column" gap="small">
        <Heading level={2} id="tax-settings-title" className="tax-calendar-subtitle">
          {t.settingsTitle}
        </Heading>
        <form.Field name="f29_online">
          {(field) => (
            <CheckboxField
              name="f29_online"
              label={t.f29Online}
              checked={field.state.value}
              onChange={(event) => field.handleChange(event.target.checked)}
            />
          )}
        </form.Field>
        <form.Field name="f50">
          {(field) => (
            <CheckboxField
              name="f50"
              label={t.f50}
              checked={field.state.value}
              onChange={(event) => field.handleChange(event.target.checked)}
            />
          )}
        </form.Field>
        {calendar.declarations.length > 0 ? (
          <fieldset className="tax-calendar-fieldset">
            <legend>{t.declarations}</legend>
            <form.Field name="declarations">
              {(field) =>
                calendar.declarations.map((d) => (
                  <CheckboxField
                    key={d.number}
                    name={`dj-${d.number}`}
                    label={`DJ ${d.number} ${d.name}`}
                    checked={field.state.value.includes(d.number)}
                    onChange={(event) =>
                      field.handleChange(
                        event.target.checked
                          ? [...field.state.value, d.number]
                          : field.state.value.filter((n) => n !== d.number),
                      )
                    }
                  />
                ))
              }
            </form.Field>
          </fieldset>
        ) : null}
        {save.isError ? <Alert variation="error">{messageForError(save.error)}</Alert> : null}
        <div>
          <Button type="submit" isLoading={save.isPending} isDisabled={!RULES.passes(values)}>
            {t.saveSettings}
          </Button>
        </div>
      </Flex>
    </form>
  );
}
