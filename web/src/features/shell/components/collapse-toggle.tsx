import { Button } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useState } from 'react';
import { AppIcon } from '@/components/ui/icons';
import { readLocal, STORAGE_KEYS, writeLocal } from '@/lib/storage';

/** Whether the sidebar is collapsed, kept across pages and reloads. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(() => readLocal(STORAGE_KEYS.sidebarCollapsed) === '1');
  const toggle = () =>
    setCollapsed((value) => {
      writeLocal(STORAGE_KEYS.sidebarCollapsed, value ? '0' : '1');
      return !value;
    });
  return { collapsed, toggle };
}

export function CollapseToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const label = collapsed ? es.sidebar.expand : es.sidebar.collapse;
  return (
    <Button
      variation="link"
      size="small"
      onClick={onToggle}
      aria-label={label}
      title={label}
      alignSelf={collapsed ? 'center' : 'flex-end'}
    >
      <AppIcon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
    </Button>
  );
}
