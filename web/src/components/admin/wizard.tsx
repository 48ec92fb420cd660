import './admin.css';
import { Button, Flex, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type ReactNode, useState } from 'react';
import { ServerErrors } from './server-errors';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { clampStep } from './wizard-state';

/**
 * The step index of a wizard (admin-area §4): `count` steps including the success step, index clamped to 0..count-1.
 * `next` and `back` move by one; `goTo` jumps (e.g. to the success step).
 */
export function useWizard(count: number, initial = 0) {
  const [index, setIndex] = useState(() => clampStep(initial, count));
  return {
    index,
    next: () => setIndex((current) => clampStep(current + 1, count)),
    back: () => setIndex((current) => clampStep(current - 1, count)),
    goTo: (step: number) => setIndex(clampStep(step, count)),
  };
}

/** The step titles of a wizard, numbered, the current one marked (aria-current="step"); done steps are filled. */
export function WizardSteps({ titles, current }: { titles: readonly string[]; current: number }) {
  return (
    <View as="nav" aria-label={es.adminUi.steps}>
      <ol className="admin-wizard-steps">
        {titles.map((title, index) => (
          <li
            key={title}
            className="admin-wizard-step"
            aria-current={index === current ? 'step' : undefined}
            data-done={index < current}
          >
            <span className="admin-wizard-step-number">{index + 1}</span>
            <span>{title}</span>
          </li>
        ))}
      </ol>
    </View>
  );
}

/**
 * The buttons under a wizard step: 'Atrás' (hidden on the first step) and the forward button — 'Siguiente' or the
 * submit label of the last form step. The forward button is disabled while `disabled` (required fields empty, inline
 * errors) and shows a spinner while `busy` (a save runs).
 */
export function WizardButtons({
  onBack,
  onNext,
  nextLabel = es.adminUi.next,
  disabled = false,
  busy = false,
}: {
  /** Omit on the first step. */
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  disabled?: boolean;
  busy?: boolean;
}) {
  return (
    <Flex justifyContent="space-between" gap="small">
      {onBack ? (
        <Button onClick={onBack} isDisabled={busy}>
          {es.adminUi.back}
        </Button>
      ) : (
        <View />
      )}
      <Button
        variation="primary"
        onClick={onNext}
        isDisabled={disabled || busy}
        isLoading={busy}
        loadingText={es.adminUi.saving}
      >
        {nextLabel}
      </Button>
    </Flex>
  );
}

/**
 * A wizard's frame (portal §4 wizards): the leave-guard, the step titles, the step, the server's messages on the last
 * step, and the buttons. The report and accounting-assignment wizards share it.
 */
export function WizardFrame({
  titles,
  step,
  dirty,
  error,
  children,
  ...buttons
}: {
  titles: readonly string[];
  step: number;
  dirty: boolean;
  /** Shown above the buttons (pass it on the last step only). */
  error?: unknown;
  children: ReactNode;
} & Parameters<typeof WizardButtons>[0]) {
  return (
    <Flex direction="column" gap="medium">
      <UnsavedChangesGuard when={dirty} />
      <WizardSteps titles={titles} current={step} />
      {children}
      {error ? <ServerErrors error={error} /> : null}
      <WizardButtons {...buttons} />
    </Flex>
  );
}
