import { Button, Icon, Menu, MenuButton, MenuItem } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { MORE_VERT } from '@/components/admin/admin-table';

/** A document row's actions: side by side on a wide screen, one ⋮ menu on a phone. */
export function RowActions({
  name,
  phone,
  actions,
}: {
  name: string;
  phone: boolean;
  actions: ReadonlyArray<{ label: string; run: () => void }>;
}) {
  if (phone) {
    return (
      <Menu
        menuAlign="end"
        size="small"
        trigger={
          <MenuButton size="small" variation="link" aria-label={es.adminUi.actionsFor(name)}>
            <Icon pathData={MORE_VERT} aria-hidden="true" width="1.25em" height="1.25em" />
          </MenuButton>
        }
      >
        {actions.map((action) => (
          <MenuItem key={action.label} onClick={action.run}>
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    );
  }
  return (
    <>
      {actions.map((action) => (
        <Button key={action.label} size="small" onClick={action.run}>
          {action.label}
        </Button>
      ))}
    </>
  );
}
