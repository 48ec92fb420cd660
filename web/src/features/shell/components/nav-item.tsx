import { Link, VisuallyHidden } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router-dom';
import { AppIcon, type IconName } from '@/components/ui/icons';

/** One sidebar link: icon and label; collapsed, only the icon shows (the label stays for screen readers). */
export function NavItem({
  to,
  icon,
  label,
  collapsed,
  end,
}: {
  to: string;
  icon: IconName;
  label: string;
  collapsed: boolean;
  end?: boolean;
}) {
  return (
    <Link as={NavLink} to={to} end={end} className="portal-nav-item" title={collapsed ? label : undefined}>
      <AppIcon name={icon} />
      {collapsed ? <VisuallyHidden>{label}</VisuallyHidden> : <span>{label}</span>}
    </Link>
  );
}
