import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { RULES_LIMITS, taxYearRulesSchema } from '@shared/contracts/tax-calendar';
import { es } from '@shared/i18n/es';
import { useStore } from '@tanstack/react-form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useAppForm } from '@/components/form/app-form';
import { usePutTaxRules } from '../api/put-tax-rules';
import { RULES_FORM, toBody, toValues, type YearRules } from '../lib/rules-form';

const t = es.taxRulesAdmin;

/** Moves the focus to a row just added (its first box), once React has drawn it. */
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * A year's rules as the SUPER_ADMIN edits them: the deadlines' days, the holidays, the sworn statements and the
 * sources, saved whole with the contract's schema.
 */
export function RulesForm({
  year,
  start,
  onSaved,
}: {
  year: number;
  start: YearRules;
  onSaved: (message: string) => void;
}) {
  const save = usePutTaxRules();
  const form = useAppForm({
    defaultValues: toValues(start),
    validators: { onChange: RULES_FORM },
    onSubmit: ({ value }) =>
      save.mutate(
        { year, rules: taxYearRulesSchema.parse(toBody(value)) },
        {
          onSuccess: (answer) => {
            if (answer.rules) form.reset(toValues(answer.rules));
            onSaved(t.saved(year));
          },
        },
      ),
  });
  const values = useStore(form.store, (state) => state.values);
  const passes = RULES_FORM.passes(values);
  const change = () => {
    if (save.isError) save.reset();
  };

  return (
    <form
      aria-label={t.save(year)}
      className="tax-rules-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Flex direction="column" gap="large">
        <Flex as="section" direction="column" gap="small" aria-labelledby="tax-rules-deadlines">
          <Heading level={3} id="tax-rules-deadlines" className="tax-calendar-subtitle">
            {t.deadlines}
          </Heading>
          <div className="tax-rules-days">
            {(['f29_day', 'f29_online_day', 'f50_day'] as const).map((name) => (
              <form.AppField key={name} name={name} listeners={{ onChange: change }}>
                {(field) => (
                  <field.TextField
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={31}
                    label={name === 'f29_day' ? t.f29Day : name === 'f29_online_day' ? t.f29OnlineDay : t.f50Day}
                  />
                )}
              </form.AppField>
            ))}
            <form.AppField name="f22_due" listeners={{ onChange: change }}>
              {(field) => <field.TextField type="date" label={t.f22Due} />}
            </form.AppField>
          </div>
        </Flex>

        <Flex as="section" direction="column" gap="small" aria-labelledby="tax-rules-holidays">
          <Heading level={3} id="tax-rules-holidays" className="tax-calendar-subtitle">
            {t.holidays}
          </Heading>
          <Text fontSize="small">{t.holidaysHint}</Text>
          <form.Field name="holidays" mode="array">
            {(list) => (
              <>
                <ol className="tax-rules-rows">
                  {list.state.value.map((holiday, i) => (
                    // Rows have no id of their own: a row is its place in the list, as the saved list is.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <li key={i} className="tax-rules-row">
                      <form.AppField name={`holidays[${i}].date`} listeners={{ onChange: change }}>
                        {(field) => (
                          <field.TextField id={`holiday-date-${i}`} type="date" label={t.holidayDate(i + 1)} />
                        )}
                      </form.AppField>
                      <form.AppField name={`holidays[${i}].name`} listeners={{ onChange: change }}>
                        {(field) => <field.TextField label={t.holidayName(i + 1)} maxLength={100} flex="1" />}
                      </form.AppField>
                      <Button
                        size="small"
                        className="tax-rules-remove"
                        aria-label={t.removeHoliday(i + 1, holiday.name.trim())}
                        onClick={() => {
                          list.removeValue(i);
                          change();
                        }}
                      >
                        {t.remove}
                      </Button>
                    </li>
                  ))}
                </ol>
                <RowsFooter
                  count={list.state.value.length}
                  max={RULES_LIMITS.holidays}
                  what={t.maxWhat.holidays}
                  add={t.addHoliday}
                  onAdd={() => {
                    list.pushValue({ date: '', name: '' });
                    focusLater(`holiday-date-${list.state.value.length - 1}`);
                  }}
                />
              </>
            )}
          </form.Field>
        </Flex>

        <Flex as="section" direction="column" gap="small" aria-labelledby="tax-rules-declarations">
          <Heading level={3} id="tax-rules-declarations" className="tax-calendar-subtitle">
            {t.declarations}
          </Heading>
          <form.Field name="declarations" mode="array">
            {(list) => (
              <>
                <ol className="tax-rules-rows">
                  {list.state.value.map((declaration, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list (see the holidays)
                    <li key={i} className="tax-rules-row">
                      <form.AppField name={`declarations[${i}].number`} listeners={{ onChange: change }}>
                        {(field) => (
                          <field.TextField
                            id={`declaration-number-${i}`}
                            label={t.declarationNumber(i + 1)}
                            inputMode="numeric"
                            maxLength={4}
                            className="tax-rules-number"
                          />
                        )}
                      </form.AppField>
                      <form.AppField name={`declarations[${i}].name`} listeners={{ onChange: change }}>
                        {(field) => <field.TextField label={t.declarationName(i + 1)} maxLength={150} flex="1" />}
                      </form.AppField>
                      <form.AppField name={`declarations[${i}].due`} listeners={{ onChange: change }}>
                        {(field) => <field.TextField type="date" label={t.declarationDue(i + 1)} />}
                      </form.AppField>
                      <Button
                        size="small"
                        className="tax-rules-remove"
                        aria-label={t.removeDeclaration(i + 1, declaration.number.trim())}
                        onClick={() => {
                          list.removeValue(i);
                          change();
                        }}
                      >
                        {t.remove}
                      </Button>
                    </li>
                  ))}
                </ol>
                <RowsFooter
                  count={list.state.value.length}
                  max={RULES_LIMITS.declarations}
                  what={t.maxWhat.declarations}
                  add={t.addDeclaration}
                  onAdd={() => {
                    list.pushValue({ number: '', name: '', due: '' });
                    focusLater(`declaration-number-${list.state.value.length - 1}`);
                  }}
                />
              </>
            )}
          </form.Field>
        </Flex>

        <Flex as="section" direction="column" gap="small" aria-labelledby="tax-rules-sources">
          <Heading level={3} id="tax-rules-sources" className="tax-calendar-subtitle">
            {t.sources}
          </Heading>
          <Text fontSize="small">{t.sourcesHint}</Text>
          <form.Field name="sources" mode="array">
            {(list) => (
              <>
                <ol className="tax-rules-rows">
                  {list.state.value.map((_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list (see the holidays)
                    <li key={i} className="tax-rules-row">
                      <form.AppField name={`sources[${i}]`} listeners={{ onChange: change }}>
                        {(field) => (
                          <field.TextAreaField
                            id={`source-${i}`}
                            label={t.source(i + 1)}
                            rows={2}
                            maxLength={500}
                            flex="1"
                          />
                        )}
                      </form.AppField>
                      <Button
                        size="small"
                        className="tax-rules-remove"
                        aria-label={t.removeSource(i + 1)}
                        onClick={() => {
                          list.removeValue(i);
                          change();
                        }}
                      >
                        {t.remove}
                      </Button>
                    </li>
                  ))}
                </ol>
                <RowsFooter
                  count={list.state.value.length}
                  max={RULES_LIMITS.sources}
                  what={t.maxWhat.sources}
                  add={t.addSource}
                  onAdd={() => {
                    list.pushValue('');
                    focusLater(`source-${list.state.value.length - 1}`);
                  }}
                />
              </>
            )}
          </form.Field>
        </Flex>

        {save.error ? <ServerErrors error={save.error} /> : null}
        <Flex direction="column" gap="xs" alignItems="flex-start">
          <Button type="submit" variation="primary" isLoading={save.isPending} isDisabled={!passes}>
            {t.save(year)}
          </Button>
          {passes ? null : <Text fontSize="small">{t.invalidHint}</Text>}
        </Flex>
      </Flex>
    </form>
  );
}

/** 'Agregar …' under a list, or, once the list is full, how many rows it may hold. */
function RowsFooter({
  count,
  max,
  what,
  add,
  onAdd,
}: {
  count: number;
  max: number;
  what: string;
  add: string;
  onAdd: () => void;
}) {
  return count < max ? (
    <div>
      <Button size="small" onClick={onAdd}>
        {add}
      </Button>
    </div>
  ) : (
    <Alert variation="info">{t.max(max, what)}</Alert>
  );
}
