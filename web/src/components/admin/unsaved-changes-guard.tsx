import { Button, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Modal } from './modal';

/**
 * The unsaved-changes guard of create and edit forms (admin-area §4): while `when` is true, leaving the page inside
 * the app asks '¿Estás seguro de desear abandonar este formulario? Los datos ingresados no serán guardados.' and
 * closing or reloading the tab gets the browser's own warning. Pass `when={dirty && !submitting && !done}`: the guard
 * lifts as soon as the form is submitted. Changes of the hash alone (same path) are never blocked.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  // Lifted while a navigation waits: let it through.
  useEffect(() => {
    if (!when && blocker.state === 'blocked') blocker.proceed();
  }, [when, blocker]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
      title={es.adminUi.leaveTitle}
      onClose={() => blocker.reset?.()}
      testId="leave-dialog"
      actions={
        <>
          <Button onClick={() => blocker.reset?.()}>{es.adminUi.stay}</Button>
          <Button variation="primary" onClick={() => blocker.proceed?.()}>
            {es.adminUi.leave}
          </Button>
        </>
      }
    >
      <Text>{es.adminUi.leaveConfirm}</Text>
    </Modal>
  );
}
