import { Button, Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { type ReactNode, useId, useState } from 'react';
import { AppIcon, type IconName } from '@/components/ui/icons';

/** A collapsible sidebar section ('Mis reportes', 'Contabilidad', 'Modulos'); its content or an empty text. */
export function NavGroup({
  icon,
  label,
  collapsed,
  emptyText,
  children,
  initiallyOpen = false,
  onExpandSidebar,
}: {
  icon: IconName;
  label: string;
  collapsed: boolean;
  emptyText?: string;
  children?: ReactNode;
  initiallyOpen?: boolean;
  /** A collapsed sidebar has no room for the list: opening the group widens the sidebar first. */
  onExpandSidebar?: () => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  const hasContent = Boolean(children) && (!Array.isArray(children) || children.length > 0);
  return (
    <Flex direction="column" gap="xxxs">
      <Button
        variation="link"
        className="portal-nav-item portal-nav-group"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => {
          if (collapsed) {
            onExpandSidebar?.();
            setOpen(true);
          } else setOpen((value) => !value);
        }}
        title={collapsed ? label : undefined}
        justifyContent="flex-start"
      >
        <AppIcon name={icon} />
        {collapsed ? <VisuallyHidden>{label}</VisuallyHidden> : <span className="portal-nav-label">{label}</span>}
        {collapsed ? null : <AppIcon name={open ? 'expandLess' : 'expandMore'} />}
      </Button>
      {open && !collapsed ? (
        <Flex id={id} direction="column" gap="xxxs" className="portal-nav-children">
          {hasContent ? (
            children
          ) : (
            <Text fontSize="small" color="font.tertiary" padding="xs small">
              {emptyText}
            </Text>
          )}
        </Flex>
      ) : null}
    </Flex>
  );
}
