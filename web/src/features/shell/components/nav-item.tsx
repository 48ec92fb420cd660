import { Link, VisuallyHidden } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { AppIcon, type IconName } from '@/components/ui/icons';
import { prefetchRoute } from '@/lib/route-prefetch';

/**
 * One sidebar link: icon and label; collapsed, only the icon shows (the label stays for screen readers). Pointing at it
 * or focusing it loads its page's code (`data-prefetched` once there), so the click waits only for the page's data.
 */
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
  const [prefetched, setPrefetched] = useState(false);
  const prefetch = () => {
    if (!prefetched)
      prefetchRoute(to).then(
        () => setPrefetched(true),
        () => {},
      );
  };
  return (
    <Link
      as={NavLink}
      to={to}
      end={end}
      className="portal-nav-item"
      title={collapsed ? label : undefined}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      data-prefetched={prefetched ? 'true' : undefined}
    >
      <AppIcon name={icon} />
      {collapsed ? <VisuallyHidden>{label}</VisuallyHidden> : <span>{label}</span>}
    </Link>
  );
}
