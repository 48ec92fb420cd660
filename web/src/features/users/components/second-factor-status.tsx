import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/admin/modal';
import { useResetSecondFactor } from '@/features/users/api/reset-second-factor';

const t = es.secondFactor;

/**
 * The user's second factor on its detail screen: active or not, and for an admin whose scope covers the whole account
 * (`account_in_scope`) the reset a lost phone needs, after a confirmation. The server checks the same (403/404).
 */
export function SecondFactorStatus({ uuid, active, canReset }: { uuid: string; active: boolean; canReset: boolean }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useResetSecondFactor();
  return (
    <Flex direction="column" gap="small" alignItems="flex-start">
      <Text>{active ? t.statusOn : t.statusOff}</Text>
      {done ? (
        <Text role="status" color="font.success">
          {t.resetDone}
        </Text>
      ) : null}
      {active && canReset ? (
        <Button size="small" onClick={() => setAsking(true)}>
          {t.reset}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t.reset}
        message={t.resetConfirm}
        confirmLabel={t.reset}
        onConfirm={async () => {
          await reset.mutateAsync(uuid);
          setDone(true);
        }}
        onClose={() => setAsking(false)}
      />
    </Flex>
  );
}
